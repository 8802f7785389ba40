"""A person's account: signing up, logging in and passwords (django-allauth, restyled in
templates/account/), and his profile: the name others see, his time zone and language
(activated on each request by the middleware), and his personal API tokens."""
