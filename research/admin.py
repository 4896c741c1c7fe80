"""Runs in the admin are records, read-only: every change goes through research.services."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from research.models import ResearchRun, RunEvent


class RunEventInline(admin.TabularInline):
    model = RunEvent
    fields = ("seq", "kind", "created", "payload")
    readonly_fields = fields
    ordering = ("seq",)
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(ResearchRun)
class ResearchRunAdmin(admin.ModelAdmin):
    list_display = ("id", "goal_short", "owner", "status", "provider", "created", "finished")
    list_filter = ("status", "provider", "corpora", "created")
    search_fields = ("goal", "owner__username")
    date_hierarchy = "created"
    list_select_related = ("owner",)
    inlines = (RunEventInline,)

    @admin.display(description="goal")
    def goal_short(self, obj: ResearchRun) -> str:
        return obj.goal[:80]

    def get_readonly_fields(
        self, request: HttpRequest, obj: ResearchRun | None = None
    ) -> list[str]:
        return [f.name for f in ResearchRun._meta.get_fields() if f.concrete] + ["corpora"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ResearchRun | None = None) -> bool:
        # Viewing only; `has_view_permission` still lets staff open the record.
        return False
