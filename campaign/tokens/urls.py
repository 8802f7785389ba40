from django.urls import path

from campaign.tokens.api import PersonalTokenViewSet

urlpatterns = [
    path(
        "tokens/",
        PersonalTokenViewSet.as_view({"get": "list", "post": "create"}),
        name="api-personal-tokens",
    ),
    path(
        "tokens/<int:token_id>/",
        PersonalTokenViewSet.as_view({"delete": "destroy"}),
        name="api-personal-token",
    ),
]
