"""The profile page: the person's name, time zone and language, and his personal API
tokens (made, shown once, revoked) in a section of its own that HTMX swaps."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from campaign.accounts.forms import ProfileForm, TokenForm
from campaign.accounts.selectors import profile_of
from campaign.accounts.services import profile_update
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.notifications.forms import PreferencesForm
from campaign.notifications.selectors import preferences_of
from campaign.tokens.services import token_create, token_revoke

PAGE = "campaign/accounts/profile.html"
TOKENS = "campaign/accounts/partials/tokens.html"


@login_required
@require_http_methods(["GET", "POST"])
def profile_page(request: HttpRequest) -> HttpResponse:
    """Saved, the next page (this one, anew) shows in the new time zone and language."""
    if request.method == "GET":
        return render(request, PAGE, _context(request))
    form = ProfileForm(request.POST)
    if form.is_valid():
        try:
            profile_update(user=request.user, **form.cleaned_data)
        except Refused as refused:
            form.refuse(refused)
        else:
            messages.success(request, _("Your profile is saved."))
            return redirect("profile")
    return render(request, PAGE, _context(request, form=form), status=400)


@login_required
@require_POST
def token_create_view(request: HttpRequest) -> HttpResponse:
    """A new token: its key is on this answer alone."""
    form = TokenForm(request.POST)
    try:
        if not form.is_valid():
            raise form.refusal()
        token, key = token_create(user=request.user, **form.cleaned_data)
    except Refused as refused:
        form.refuse(refused)
        context = _context(request, token_form=form)
        return render_page(request, PAGE, TOKENS, context, refusal_status(request, refused))
    return render_page(request, PAGE, TOKENS, _context(request, new=(token, key)))


@login_required
@require_POST
def token_revoke_view(request: HttpRequest, token_id: int) -> HttpResponse:
    """Someone else's token answers as a missing one."""
    token_revoke(token=get_object_or_404(request.user.personal_tokens, pk=token_id))
    return render_page(request, PAGE, TOKENS, _context(request))


def _context(
    request: HttpRequest,
    form: ProfileForm | None = None,
    token_form: TokenForm | None = None,
    new: tuple | None = None,
) -> dict:
    """The page's: the profile's form (as saved, unless given), the tokens, and a new
    token with its key."""
    if form is None:
        profile = profile_of(request.user)
        form = ProfileForm(initial={f: getattr(profile, f) for f in ProfileForm.base_fields})
    token, key = new or (None, None)
    return {
        "form": form,
        # how each kind of notification reaches him (its own form, posted to its own page)
        "preferences_form": PreferencesForm(current=preferences_of(request.user)),
        "tokens": request.user.personal_tokens.all(),
        "token_form": token_form or TokenForm(),
        "new_token": token,
        "new_key": key,
    }
