"""The GM answers a prompt (new-rules.md §12.4): one write, refused with a reason."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.adjudication.models import GmPrompt
from campaign.adjudication.selectors import gm_prompt, prompt_state
from campaign.chronicle.services import chronicle_record
from campaign.core.access import Access
from campaign.core.errors import Refused


@transaction.atomic
def prompt_answer(*, access: Access, prompt_id: int, answer: str, by: User) -> GmPrompt:
    """The GM's ``answer`` to prompt ``prompt_id``, applied at Final Results in place of
    the default. Anyone but the GM is answered as if the prompt did not exist; a choice
    the prompt does not offer, or a prompt already applied or past its deadline, is
    refused with the reason."""
    prompt = gm_prompt(access, prompt_id)
    prompt = GmPrompt.objects.select_for_update().select_related("turn").get(pk=prompt.pk)
    if prompt.closed_at is not None:
        raise Refused(
            _("This ruling was already applied at the turn's final results."),
            field="answer",
            rule=prompt.rule.split()[0],
        )
    if prompt_state(prompt) != "open":
        raise Refused(
            _("The fight-or-retreat deadline has passed: the default stands."),
            field="answer",
            rule=prompt.rule.split()[0],
        )
    if not answer:
        raise Refused(_("Choose one of this ruling's answers."), field="answer")
    if answer not in prompt.choice_words:
        raise Refused(
            _("“%(answer)s” is not one of this ruling's choices: %(choices)s.")
            % {"answer": answer, "choices": ", ".join(prompt.choice_words)},
            field="answer",
        )
    prompt.answer = answer
    prompt.answered_by = by
    prompt.answered_at = timezone.now()
    prompt.save(update_fields=["answer", "answered_by", "answered_at"])
    payload = {"key": prompt.key, "answer": answer, "words": prompt.choice_stored(answer)}
    chronicle_record(prompt.turn, "RulingAnswered", payload, rule=prompt.rule)  # his alone
    return prompt
