from django.urls import path

from research import stream, views

app_name = "research"
urlpatterns = [
    path("research/new/", views.run_new, name="new"),
    path("runs/", views.run_list, name="runs"),
    path("runs/compare/", views.run_compare, name="compare"),
    path("runs/<int:run_id>/", views.run_detail, name="run"),
    path("runs/<int:run_id>/events", stream.run_events, name="events"),
    path("runs/<int:run_id>/cancel", views.run_cancel_view, name="cancel"),
    path("runs/<int:run_id>/export/<str:fmt>", views.run_export, name="export"),
]
