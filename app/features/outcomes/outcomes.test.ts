import { describe, expect, it } from "vitest";
import {
  DEFAULT_OUTCOME_SETTINGS,
  isInFieldTrack,
  median,
  OUTCOMES_CSV_HEADER,
  outcomeFigures,
  outcomesBy,
  outcomesCsv,
  programmeEnd,
  rateOf,
  readCohortChoice,
  studentOutcome,
  type StudentFacts,
} from "./outcomes";

// A cohort starting Monday 2027-01-11: week 1 ends Sun 17, the last full-refund day (census) is
// Sun 24 (end of week 2), the programme ends Sun 2027-02-21; 180 days later is 2027-08-20.
const START = "2027-01-11";
const settings = DEFAULT_OUTCOME_SETTINGS;

/** A student who did everything: six sessions, six 1-on-1s, job seeking, no offer yet. */
const student = (id: string, facts: Partial<StudentFacts> = {}): StudentFacts => ({
  personId: id,
  cohortId: "c1",
  mentorId: "m1",
  startDate: START,
  withdrawnOn: null,
  groupSessionsAttended: 6,
  oneOnOnesHeld: 6,
  assignmentsSubmitted: 0,
  notJobSeekingOn: null,
  interviews: 0,
  offers: [],
  surveyScore: null,
  ...facts,
});
const banking = (on: string) => ({ track: "Banking", on });

describe("CIRR's examples", () => {
  it("leaves a student who leaves in week 1 out of every denominator", () => {
    const leaver = student("a", { withdrawnOn: "2027-01-14", groupSessionsAttended: 1 });
    const outcome = studentOutcome(leaver, settings);
    expect(outcome).toMatchObject({ enrolledAtRefundDate: false, withdrawn: true });
    const figures = outcomeFigures([leaver, student("b")], settings);
    expect(figures.graduationRate).toEqual({ numerator: 1, denominator: 1, value: "1.000" });
    expect(figures.placementRate.denominator).toBe(1);
    expect(figures).toMatchObject({ enrolled: 2, enrolledAtRefundDate: 1, withdrawn: 1 });
  });

  it("counts a student who leaves on the census day as gone, and one who leaves after it as enrolled but not graduated", () => {
    expect(
      studentOutcome(student("a", { withdrawnOn: "2027-01-24" }), settings).enrolledAtRefundDate,
    ).toBe(false);
    const week3 = studentOutcome(student("b", { withdrawnOn: "2027-01-25" }), settings);
    expect(week3).toMatchObject({ enrolledAtRefundDate: true, withdrawn: true, graduated: false });
  });

  it("keeps a graduate excluded at onboarding (not job seeking) out of the placement denominator", () => {
    const figures = outcomeFigures(
      [
        student("a", { notJobSeekingOn: "2027-01-12", offers: [banking("2027-03-01")] }),
        student("b", { offers: [banking("2027-03-01")] }),
        student("c"),
      ],
      settings,
    );
    expect(figures).toMatchObject({ graduated: 3, excluded: 1, offersInField180d: 1 });
    expect(figures.placementRate).toEqual({ numerator: 1, denominator: 2, value: "0.500" });
    // Their offer is still a confirmed offer.
    expect(figures.confirmedOffers).toBe(2);
  });
});

describe("not job seeking", () => {
  const excluded = (notJobSeekingOn: string | null, startDate: string | null = START) =>
    studentOutcome(student("a", { notJobSeekingOn, startDate }), settings).excluded;

  it("excludes a graduate who declared it on or before the census day only", () => {
    expect(excluded("2026-12-01")).toBe(true);
    expect(excluded("2027-01-24")).toBe(true);
    expect(excluded("2027-01-25")).toBe(false);
    expect(excluded(null)).toBe(false);
    // No start date, no census day yet: every declaration is in time.
    expect(excluded("2027-05-01", null)).toBe(true);
  });

  it("keeps a late declarer, say after no offer came, in the placement denominator", () => {
    const figures = outcomeFigures(
      [
        student("a", { notJobSeekingOn: "2027-01-20" }),
        student("b", { notJobSeekingOn: "2027-04-01" }),
        student("c", { offers: [banking("2027-03-01")] }),
      ],
      settings,
    );
    expect(figures).toMatchObject({ graduated: 3, excluded: 1, offersInField180d: 1 });
    expect(figures.placementRate).toEqual({ numerator: 1, denominator: 2, value: "0.500" });
  });
});

describe("graduation", () => {
  it("needs the owner's minimum of group sessions and of 1-on-1s held", () => {
    const few = student("a", { groupSessionsAttended: 3, oneOnOnesHeld: 6 });
    const short = student("b", { groupSessionsAttended: 6, oneOnOnesHeld: 3 });
    const enough = student("c", { groupSessionsAttended: 4, oneOnOnesHeld: 4 });
    expect(studentOutcome(few, settings).graduated).toBe(false);
    expect(studentOutcome(short, settings).graduated).toBe(false);
    expect(studentOutcome(enough, settings).graduated).toBe(true);
    const lenient = { minGroupSessions: 3, minOneOnOnes: 3, minAssignments: 0 };
    expect(studentOutcome(few, lenient).graduated).toBe(true);
    // An excluded student who did not graduate is not counted as excluded.
    expect(studentOutcome({ ...few, notJobSeekingOn: "2027-01-12" }, settings).excluded).toBe(
      false,
    );
  });

  it("counts assignments only when the owner sets a minimum", () => {
    const none = student("a", { assignmentsSubmitted: 0 });
    const some = student("b", { assignmentsSubmitted: 5 });
    expect(studentOutcome(none, settings).graduated).toBe(true);
    const withWork = { ...settings, minAssignments: 5 };
    expect(studentOutcome(none, withWork).graduated).toBe(false);
    expect(studentOutcome(some, withWork).graduated).toBe(true);
    expect(studentOutcome({ ...some, assignmentsSubmitted: 4 }, withWork).graduated).toBe(false);
    expect(outcomeFigures([none, some], withWork).graduationRate.value).toBe("0.500");
  });

  it("counts every student still there when the cohort has no start date", () => {
    const outcome = studentOutcome(student("a", { startDate: null }), settings);
    expect(outcome).toMatchObject({ enrolledAtRefundDate: true, graduated: true });
    expect(outcome.inFieldOffer180d).toBe(false);
  });
});

describe("placement", () => {
  it("counts a graduate's confirmed in-field offer from the first day to 180 days after the end", () => {
    expect(programmeEnd("2027-01-13")).toBe("2027-02-21");
    const placed = (on: string, track = "Banking") =>
      studentOutcome(student("a", { offers: [{ track, on }] }), settings).inFieldOffer180d;
    expect(placed("2027-01-11")).toBe(true);
    expect(placed("2027-08-20")).toBe(true);
    expect(placed("2027-08-21")).toBe(false);
    expect(placed("2027-01-10")).toBe(false);
    expect(placed("2027-03-01", "Other")).toBe(false);
    expect(placed("2027-03-01", "other")).toBe(false);
    // Consulting is not a finance track (the finance-fit rule, /apply): not in field.
    expect(placed("2027-03-01", "Consulting")).toBe(false);
  });

  it("does not place a student who did not graduate, however good the offer", () => {
    const figures = outcomeFigures(
      [student("a", { groupSessionsAttended: 1, offers: [banking("2027-03-01")] })],
      settings,
    );
    expect(figures).toMatchObject({ confirmedOffers: 1, offersInField180d: 0 });
    expect(figures.placementRate).toEqual({ numerator: 0, denominator: 0, value: "" });
  });

  it("counts a student with two in-field offers once, and takes the median days to a first offer", () => {
    const figures = outcomeFigures(
      [
        student("a", { offers: [banking("2027-03-01"), banking("2027-01-21")] }),
        student("b", { offers: [banking("2027-02-10")] }),
        student("c", { offers: [{ track: "Other", on: "2027-04-11" }] }),
        student("d"),
      ],
      settings,
    );
    // First offers: day 10, day 30, day 90 after Monday 2027-01-11.
    expect(figures).toMatchObject({
      confirmedOffers: 4,
      offersInField180d: 2,
      medianDaysToOffer: 30,
    });
    expect(figures.placementRate.value).toBe("0.500");
  });
});

describe("offered: the funnel's offer step", () => {
  const outcome = (facts: Partial<StudentFacts>) => studentOutcome(student("a", facts), settings);

  it("is a graduate's confirmed offer of the programme's, any track, excluded or not", () => {
    expect(outcome({ offers: [banking("2027-01-11")] }).offered).toBe(true);
    expect(outcome({ offers: [{ track: "Other", on: "2027-03-01" }] }).offered).toBe(true);
    expect(outcome({ offers: [banking("2028-01-01")] }).offered).toBe(true);
    const excluded = outcome({ notJobSeekingOn: "2027-01-12", offers: [banking("2027-03-01")] });
    expect(excluded).toMatchObject({ excluded: true, offered: true, inFieldOffer180d: false });
    expect(outcome({}).offered).toBe(false);
  });

  it("is not an offer held before the programme, nor a non-graduate's offer", () => {
    expect(outcome({ offers: [banking("2027-01-10")] }).offered).toBe(false);
    expect(outcome({ groupSessionsAttended: 1, offers: [banking("2027-03-01")] }).offered).toBe(
      false,
    );
    expect(outcome({ startDate: null, offers: [banking("2027-03-01")] }).offered).toBe(false);
  });

  it("holds every student placement counts", () => {
    for (const on of ["2027-01-10", "2027-01-11", "2027-08-20", "2027-08-21"]) {
      const o = outcome({ offers: [banking(on)] });
      if (o.inFieldOffer180d) expect(o.offered).toBe(true);
    }
  });
});

describe("days to a first offer", () => {
  const days = (...on: string[]) =>
    studentOutcome(student("a", { offers: on.map((day) => banking(day)) }), settings)
      .daysToFirstOffer;

  it("counts from the programme's first day, the day itself being day 0", () => {
    expect(days("2027-01-11")).toBe(0);
    expect(days("2027-01-21")).toBe(10);
    expect(days("2027-09-01")).toBe(233);
  });

  it("leaves out an offer held before the programme, as the placement window does", () => {
    expect(days("2027-01-10")).toBeNull();
    expect(days("2026-12-01", "2027-02-10")).toBe(30);
    expect(
      studentOutcome(student("a", { startDate: null, offers: [banking("2027-02-10")] }), settings)
        .daysToFirstOffer,
    ).toBeNull();
    const figures = outcomeFigures(
      [
        student("a", { offers: [banking("2026-12-01")] }),
        student("b", { offers: [banking("2027-01-01"), banking("2027-01-21")] }),
        student("c", { offers: [banking("2027-02-10")] }),
      ],
      settings,
    );
    // Day 10 and day 30; the offers from before the programme neither count nor go negative.
    expect(figures.medianDaysToOffer).toBe(20);
    expect(figures.confirmedOffers).toBe(4);
  });
});

describe("figures by group", () => {
  it("adds interviews and NPS, and keeps listed groups with no students", () => {
    const byMentor = outcomesBy(
      [
        student("a", { interviews: 2, surveyScore: 10 }),
        student("b", { mentorId: "m2", interviews: 1, surveyScore: 3 }),
        student("c", { surveyScore: 9 }),
      ],
      (facts) => facts.mentorId ?? "",
      settings,
      ["m3"],
    );
    expect([...byMentor.keys()]).toEqual(["m3", "m1", "m2"]);
    expect(byMentor.get("m1")).toMatchObject({ enrolled: 2, interviews: 2 });
    expect(byMentor.get("m1")!.nps).toMatchObject({ answers: 2, nps: 100 });
    expect(byMentor.get("m2")!.nps.nps).toBe(-100);
    expect(byMentor.get("m3")).toMatchObject({ enrolled: 0, medianDaysToOffer: null });
    expect(byMentor.get("m3")!.graduationRate.value).toBe("");
  });
});

describe("rates, median and CSV", () => {
  it("writes rates with three places, empty over nothing", () => {
    expect(rateOf(2, 3).value).toBe("0.667");
    expect(rateOf(0, 4).value).toBe("0.000");
    expect(rateOf(0, 0).value).toBe("");
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it("writes the exact header and one line per cohort, the name made safe", () => {
    const csv = outcomesCsv([
      { cohort: "=cmd", figures: outcomeFigures([student("a")], settings) },
      { cohort: "empty", figures: outcomeFigures([], settings) },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "cohort,enrolled,enrolled_at_refund_date,graduated,withdrawn,excluded,offers_in_field_180d,graduation_rate,placement_rate",
      `"'=cmd",1,1,1,0,0,0,1.000,0.000`,
      `"empty",0,0,0,0,0,0,,`,
      "",
    ]);
    expect(OUTCOMES_CSV_HEADER.split(",")).toHaveLength(9);
  });

  it("reads the CSV's cohort parameter", () => {
    expect(readCohortChoice(null)).toEqual({ kind: "all" });
    expect(readCohortChoice("all")).toEqual({ kind: "all" });
    expect(readCohortChoice("3f2a-b1")).toEqual({ kind: "one", id: "3f2a-b1" });
    expect(readCohortChoice("a b")).toEqual({ kind: "bad" });
    expect(readCohortChoice("")).toEqual({ kind: "bad" });
  });

  it("knows the application's finance tracks", () => {
    expect(isInFieldTrack("Wealth Management")).toBe(true);
    expect(isInFieldTrack("capital markets")).toBe(true);
    expect(isInFieldTrack("Other")).toBe(false);
    expect(isInFieldTrack("Consulting")).toBe(false);
    expect(isInFieldTrack("Marketing")).toBe(false);
  });
});
