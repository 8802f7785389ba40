"""The GM's prompts (new-rules.md §12.4): one row per ruling a turn asked him
(rules.core.rulings.RulingAsked), with his answer if he gave one by the turn's
fight-or-retreat deadline."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.core.problems import stored_text
from campaign.models import Campaign, Turn


class GmPrompt(models.Model):
    """A ruling asked at Provisional Results. Its ``default`` was applied at once; an
    ``answer`` given by the deadline replaces it at Final Results, which close the
    prompt (``closed_at``) either way: after that nothing changes it."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="gm_prompts")
    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="gm_prompts")
    key = models.CharField(max_length=200)  # stable: the situation it asks about
    kind = models.CharField(max_length=40)  # which module applies another answer
    rule = models.CharField(max_length=120)
    question = models.TextField()  # in English, as the engine put it
    choices = models.JSONField()  # [[value, English words], …], the default among them
    # The engine's Phrases (rules.core.problems.Phrase.plain), said in the reader's
    # language; empty for a prompt stored before they were kept: its English stands
    question_phrase = models.JSONField(null=True, blank=True)
    choice_phrases = models.JSONField(default=dict, blank=True)  # {value: phrase}
    default = models.CharField(max_length=40)
    # What it is about, and what the engine needs to apply another answer
    hex = models.JSONField(null=True, blank=True)
    army_id = models.IntegerField(null=True, blank=True)
    kingdom_id = models.IntegerField(null=True, blank=True)
    facts = models.JSONField(default=dict, blank=True)
    answer = models.CharField(max_length=40, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)  # Final Results applied it
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["turn_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["turn", "key"], name="one_prompt_per_turn_and_key")
        ]

    def __str__(self) -> str:
        return f"{self.rule}: {self.key}"

    @property
    def choice_words(self) -> dict[str, str]:
        return dict(self.choices)

    @property
    def question_text(self) -> str:
        """The question in the active language."""
        return stored_text(self.question_phrase or self.question)

    @property
    def choice_texts(self) -> list[tuple[str, str]]:
        """[(value, words)], the words in the active language."""
        return [(v, stored_text(self.choice_phrases.get(v, w))) for v, w in self.choices]

    def choice_stored(self, value: str) -> str | dict:
        """A choice's words as the chronicle keeps them: its phrase, else its English."""
        return self.choice_phrases.get(value) or self.choice_words[value]

    @property
    def standing(self) -> str:
        """The choice that stands now: the GM's answer, else the default."""
        return self.answer or self.default
