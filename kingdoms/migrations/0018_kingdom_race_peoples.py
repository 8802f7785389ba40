from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("kingdoms", "0017_alter_order_kind"),
    ]

    operations = [
        migrations.AddField(
            model_name="kingdom",
            name="race",
            field=models.CharField(blank=True, default="", max_length=20),
        ),
    ]
