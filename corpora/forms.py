"""Input for the corpora pages: uploads, corpora, document titles and search; no writes here."""

from __future__ import annotations

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group
from django.core.files.uploadedfile import UploadedFile
from django.db.models import QuerySet
from django.utils.text import slugify

from corpora.models import Corpus, Document
from corpora.search import SearchFilters
from corpora.selectors import corpora_visible, groups_grantable

ACCEPT = ".pdf,.txt,.md,.markdown,.html,.htm,application/pdf,text/plain,text/markdown,text/html"
# Path segments under /corpora/ that are pages, not corpora.
RESERVED_SLUGS = frozenset({"new", "search", "documents"})
SLUG_TAKEN = "A corpus with this slug already exists."
SLUG_RESERVED = "“{slug}” is reserved for a page; choose another slug."
DATES_REVERSED = "The start date is after the end date."
NO_FILES = "Choose at least one file."


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """A file field that accepts several files and cleans to a list."""

    widget = MultipleFileInput

    def clean(self, data: object, initial: object = None) -> list[UploadedFile]:
        single = super().clean
        files = data if isinstance(data, list | tuple) else [data] if data else []
        if not files and self.required:
            raise forms.ValidationError(NO_FILES, code="required")
        return [single(item, initial) for item in files]


class UploadForm(forms.Form):
    files = MultipleFileField(
        label="Files",
        allow_empty_file=True,  # an empty file gets its own "rejected" outcome, not a form error
        widget=MultipleFileInput(attrs={"accept": ACCEPT, "multiple": True}),
        error_messages={"required": NO_FILES},
    )


class _CorpusAccessForm(forms.Form):
    """Description and access: groups are those the user may grant (their own; staff any), so
    a group outside them is an invalid choice, refused server-side; only staff make a corpus
    public to every logged-in user."""

    description = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="What the corpus holds. The research planner routes questions by it.",
    )
    groups = forms.ModelMultipleChoiceField(
        queryset=Group.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Members of these groups can read, search and upload to the corpus. "
        "You always can, as its owner.",
    )
    is_public = forms.BooleanField(
        required=False, label="Visible to every logged-in user, whatever their groups"
    )

    def __init__(self, *args: object, user: AbstractBaseUser | AnonymousUser, **kwargs: object):
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["groups"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = groups_grantable(user=user)
        if not getattr(user, "is_staff", False):
            del self.fields["is_public"]

    def clean_description(self) -> str:
        description = self.cleaned_data["description"].strip()
        if not description:
            raise forms.ValidationError("Describe what the corpus holds.")
        return description

    def grantable(self) -> QuerySet[Group]:
        field = self.fields["groups"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        return field.queryset


class CorpusForm(_CorpusAccessForm):
    name = forms.CharField(max_length=200)
    slug = forms.SlugField(
        max_length=100, required=False, help_text="Used in URLs; made from the name when empty."
    )
    field_order = ("name", "slug", "description", "groups", "is_public")

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        name = cleaned.get("name")
        slug = cleaned.get("slug") or (slugify(str(name))[:100] if name else "")
        if name and not slug:
            self.add_error("slug", "Choose a slug made of letters, digits and hyphens.")
        elif slug in RESERVED_SLUGS:
            self.add_error("slug", SLUG_RESERVED.format(slug=slug))
        elif slug and Corpus.objects.filter(slug=slug).exists():
            self.add_error("slug", SLUG_TAKEN)
        cleaned["slug"] = slug
        return cleaned


class CorpusSettingsForm(_CorpusAccessForm):
    """A corpus's description and access, edited by its owner or staff."""

    def __init__(
        self,
        *args: object,
        user: AbstractBaseUser | AnonymousUser,
        corpus: Corpus,
        **kwargs: object,
    ):
        initial = {"description": corpus.description, "is_public": corpus.is_public}
        super().__init__(*args, user=user, initial=initial, **kwargs)
        self.fields["groups"].initial = list(corpus.groups.values_list("pk", flat=True))


class DocumentTitleForm(forms.Form):
    title = forms.CharField(
        label="Title",
        max_length=Document._meta.get_field("title").max_length,
        help_text="Kept from now on: re-ingesting no longer replaces it.",
    )

    def clean_title(self) -> str:
        title = " ".join(self.cleaned_data["title"].split())
        if not title:
            raise forms.ValidationError("Give the document a title.")
        return title


class SearchForm(forms.Form):
    q = forms.CharField(
        label="Query",
        max_length=500,
        required=False,
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": "Search the documents", "autofocus": True}
        ),
    )
    corpora = forms.ModelMultipleChoiceField(
        queryset=Corpus.objects.none(),
        required=False,
        help_text="None selected: all corpora you can see.",
    )
    date_from = forms.DateField(
        required=False, label="Dated from", widget=forms.DateInput(attrs={"type": "date"})
    )
    date_to = forms.DateField(
        required=False, label="Dated to", widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, *args: object, user: AbstractBaseUser | AnonymousUser, **kwargs: object):
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["corpora"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = corpora_visible(user=user).order_by("name")

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        start, end = cleaned.get("date_from"), cleaned.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", DATES_REVERSED)
        return cleaned

    def asks_for_hidden_corpus(self) -> bool:
        """True when a requested corpus id is not among the visible ones (the view then 404s)."""
        errors = self.errors.as_data().get("corpora", [])
        return any(error.code in {"invalid_choice", "invalid_pk_value"} for error in errors)

    def corpus_ids(self) -> list[int] | None:
        chosen = self.cleaned_data.get("corpora")
        return [corpus.pk for corpus in chosen] if chosen else None

    def searched_corpus_names(self) -> list[str]:
        """Names of the corpora a valid search looks in: those chosen, else all visible."""
        chosen = self.cleaned_data.get("corpora")
        field = self.fields["corpora"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        return [corpus.name for corpus in (chosen or field.queryset)]

    def filters(self) -> SearchFilters:
        return SearchFilters(
            date_from=self.cleaned_data.get("date_from"), date_to=self.cleaned_data.get("date_to")
        )
