"""The account pages under /accounts/: django-allauth's (sign up, confirm an e-mail
address, passwords) and the profile. /login/ and /logout/ are allauth's too
(campaign.web_urls)."""

from django.urls import include, path

from campaign.accounts import views

urlpatterns = [
    path("profile/", views.profile_page, name="profile"),
    path("profile/tokens/", views.token_create_view, name="profile-tokens"),
    path(
        "profile/tokens/<int:token_id>/revoke/",
        views.token_revoke_view,
        name="profile-token-revoke",
    ),
    path("", include("allauth.account.urls")),
]
