-- Decision 074: search terms retire. `used_on` is the last day a search read a term's cells; the
-- hourly job moves idle terms (and, past the limit's headroom, the least recently used) from
-- `search_facet_terms` to `search_facet_terms_retired`, so the triggers stop writing their
-- deltas, and deletes their cells and deltas an hour later. Existing terms count as used today.
CREATE TABLE "search_facet_terms_retired" (
	"term" text PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_facet_terms" ADD COLUMN "used_on" date DEFAULT current_date NOT NULL;