"""Every write to corpora, documents and chunks goes through these modules."""
