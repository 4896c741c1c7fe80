from django.urls import path

from research import views

app_name = "research"
urlpatterns = [
    path("runs/", views.run_list, name="runs"),
    path("runs/<int:run_id>/", views.run_detail, name="run"),
]
