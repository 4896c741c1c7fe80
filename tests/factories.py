from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def save_password(self, create: bool, extracted: object, **kwargs: object) -> None:
        if create:
            self.save()
