from django.urls import path

from campaign.tokens import api

urlpatterns = [
    path("tokens/", api.TokenListView.as_view(), name="api-personal-tokens"),
    path("tokens/<int:token_id>/", api.TokenDetailView.as_view(), name="api-personal-token"),
]
