import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines, TestClock } from "../../../tests/support/databases";
import { useTestServices } from "../../../tests/support/suite";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { dashboard } from "./dashboard.server";
import { overviewCharts } from "./overview.server";

describe.each(testEngines())(
  "the dashboard's figures agree with their definitions, on $name",
  (engine) => {
    const clock = new TestClock(new Date("2026-10-01T12:00:00Z"));
    const t = useTestServices(engine, { clock });
    const services = () => t.services;
    const { person, pay } = seatFixtures(services, clock);

    it("paid seats, enrollments a day and revenue count the same payments, refunds given back", async () => {
      await setCurrentCohort(services().db, { capacity: 10 });
      // One payment 40 days before "now": outside the 30-day figures, inside the cohort's.
      await pay(await person("old@example.com"), "old@example.com");
      clock.set(new Date("2026-11-05T12:00:00Z"));
      const kept = await person("kept@example.com");
      await pay(kept, "kept@example.com");
      clock.advance(24 * 3_600_000);
      const refunded = await person("gone@example.com");
      await pay(refunded, "gone@example.com");
      expect(await refundEnrollment(services(), "owner@example.com", refunded, "moved")).toBe(
        "refunded",
      );
      clock.set(new Date("2026-11-10T12:00:00Z"));

      const now = clock.now();
      const summary = await dashboard(services().db, now, "UTC");
      const overview = await overviewCharts(services().db, now, summary.cohort.seats);

      // Seats: the cohort's paid seats now, the refund given back.
      expect(summary.cohort.enrolledCount).toBe(2);
      expect(summary.cohort.seats).toMatchObject({ paid: 2, emptied: 0, free: 8 });
      // Revenue: payments still paid: 30 days (one) and the whole cohort (two).
      expect(summary.revenue).toEqual({
        last30Cents: 64900,
        last30Payments: 1,
        cohortCents: 129800,
      });
      // Each day's enrollments: payments still paid, by their day; the same one payment in 30 days.
      const daily = overview.days.reduce((n, d) => n + d.enrollments, 0);
      expect(daily).toBe(summary.revenue.last30Payments);
      expect(overview.days.find((d) => d.day === "2026-11-05")?.enrollments).toBe(1);
      expect(overview.days.find((d) => d.day === "2026-11-06")?.enrollments).toBe(0);
    });
  },
);
