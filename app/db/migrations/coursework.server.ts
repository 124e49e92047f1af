import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "../migrations.server";
import { column, createTables, notNull, personId } from "./ddl.server";

/**
 * Each week's work (issue 48, decision 0067): the owner's weeks and assignments, what a cohort was
 * given when each week opened, students' submissions with every version, the files, and mentors'
 * reviews. Erasing a person deletes their submissions, files and the reviews of them. A version
 * number is unique per student and assignment, so two submits at once cannot both be version 2.
 */
export function coursework(engine: Engine): Migration {
  const binary = engine === "postgres" ? "bytea" : "blob";
  return {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        program_weeks: {
          columns: {
            week: column("integer", (c) => c.primaryKey()),
            title: "text not null",
            material: "text not null",
            video_url: "text",
            resources: "text not null",
            updated_at: "text not null",
          },
        },
        assignments: {
          columns: {
            id: "text primary key",
            week: "integer not null",
            position: "integer not null",
            title: "text not null",
            instructions: "text not null",
            due_day: "integer not null",
            kind: "text not null",
            archived_at: "text",
            created_at: "text not null",
            updated_at: "text not null",
          },
          indexes: { assignments_week: ["week", "position"] },
        },
        cohort_weeks: {
          columns: {
            cohort_id: column("text", (c) =>
              c.notNull().references("cohorts.id").onDelete("cascade"),
            ),
            week: "integer not null",
            content: "text not null",
            taken_at: "text not null",
          },
          constraints: (t) => t.addPrimaryKeyConstraint("cohort_weeks_pk", ["cohort_id", "week"]),
        },
        coursework_files: {
          columns: {
            id: "text primary key",
            person_id: personId,
            name: "text not null",
            size: "integer not null",
            sha256: "text not null",
            data: column(binary, notNull),
            created_at: "text not null",
          },
        },
        coursework_submissions: {
          columns: {
            id: "text primary key",
            assignment_id: column("text", (c) => c.notNull().references("assignments.id")),
            person_id: personId,
            cohort_id: "text not null",
            version: "integer not null",
            body: "text",
            url: "text",
            file_id: column("text", (c) => c.references("coursework_files.id").onDelete("cascade")),
            status: "text not null",
            created_at: "text not null",
          },
          constraints: (t) =>
            t.addUniqueConstraint("coursework_submissions_version", [
              "assignment_id",
              "person_id",
              "version",
            ]),
          indexes: { coursework_submissions_person: ["person_id", "assignment_id"] },
        },
        submission_reviews: {
          columns: {
            id: "text primary key",
            submission_id: column("text", (c) =>
              c.notNull().references("coursework_submissions.id").onDelete("cascade"),
            ),
            mentor_id: "text not null",
            verdict: "text not null",
            comment: "text not null",
            file_id: column("text", (c) =>
              c.references("coursework_files.id").onDelete("set null"),
            ),
            created_at: "text not null",
          },
          indexes: { submission_reviews_submission: ["submission_id", "created_at"] },
        },
      });
      // The review queue reads the submissions waiting for review.
      await db.schema
        .createIndex("coursework_submissions_waiting")
        .on("coursework_submissions")
        .column("created_at")
        .where(sql.ref("status"), "=", "waiting")
        .execute();
    },
  };
}
