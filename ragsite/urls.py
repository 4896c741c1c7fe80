from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from ragsite import views

urlpatterns = [
    path("", views.home, name="home"),
    path("examples/<int:number>/start", views.example_start, name="example_start"),
    path("health", views.health, name="health"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "admin/r/<path:content_type_id>/<path:object_id>/",
        admin.site.admin_view(views.admin_view_on_site),
        name="view_on_site",
    ),
    path("admin/", admin.site.urls),
    path("corpora/", include("corpora.urls")),
    path("", include("research.urls")),
]
