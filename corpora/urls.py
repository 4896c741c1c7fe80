from django.urls import path

from corpora import viewer_views, views

app_name = "corpora"
urlpatterns = [
    path("", views.corpus_list, name="list"),
    path("new/", views.corpus_new, name="new"),
    path("search/", views.search, name="search"),
    path("documents/<int:document_id>/", viewer_views.document_open, name="document"),
    path("documents/<int:document_id>/pages/<int:number>/", viewer_views.page_view, name="page"),
    path(
        "documents/<int:document_id>/pages/<int:number>.png",
        viewer_views.page_image,
        name="page_image",
    ),
    path("documents/<int:document_id>/delete/", views.document_delete_view, name="delete"),
    path("documents/<int:document_id>/reingest/", views.document_reingest_view, name="reingest"),
    path("documents/<int:document_id>/edit/", views.document_edit, name="document_edit"),
    path("<slug:slug>/", views.corpus_detail, name="detail"),
    path("<slug:slug>/upload/", views.corpus_upload, name="upload"),
    path("<slug:slug>/settings/", views.corpus_settings, name="settings"),
]
