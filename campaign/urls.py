from django.contrib import admin
from django.urls import include, path
from django.views.decorators.http import require_POST
from django.views.i18n import JavaScriptCatalog, set_language

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("campaign.api_urls")),
    # The translations the pages' scripts use (gettext() in static/warpost/*.js)
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # A stranger's choice of language (the log-in and sign-up pages' picker): a cookie
    path("i18n/setlang/", require_POST(set_language), name="set_language"),
    path("", include("campaign.web_urls")),
]

handler404 = "campaign.core.api_errors.not_found"  # JSON under /api/ (campaign.core.api_errors)
