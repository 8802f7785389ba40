"""The chronicle: writing its entries, narrating them, and reading them."""
