"""Reads of campaigns: the ones a user belongs to."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet

from campaign.models import Campaign


def campaigns_for(user: User) -> QuerySet[Campaign]:
    return Campaign.objects.filter(memberships__user=user).distinct().order_by("-created_at")
