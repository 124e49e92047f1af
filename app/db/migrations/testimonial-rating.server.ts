import type { Kysely, Migration } from "kysely";
import { addColumns, column } from "./ddl.server";

/**
 * A testimonial's stars (issue 45, item 7; decision 0054): `testimonials.rating`, 1 to 5 as the
 * student gave it with their testimonial (bounded by the form's schema); null when they gave none (or wrote it before).
 */
export const testimonialRating: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "testimonials", {
      rating: column("integer"),
    });
  },
};
