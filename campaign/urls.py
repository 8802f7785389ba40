from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("campaign.api_urls")),
    path("", include("campaign.web_urls")),
]

handler404 = "campaign.core.api_errors.not_found"  # JSON under /api/ (campaign.core.api_errors)
