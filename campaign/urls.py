from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("campaign.api_urls")),
    # The translations the pages' scripts use (gettext() in static/warpost/*.js)
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("", include("campaign.web_urls")),
]

handler404 = "campaign.core.api_errors.not_found"  # JSON under /api/ (campaign.core.api_errors)
