import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ownerCookie } from "../../../tests/support/admin";
import { seatScenario } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { callAction, makeContext } from "../../../tests/support/context";
import { answer } from "../../../tests/support/mentors";
import { studentWithOffer, testimonialRow } from "../../../tests/support/testimonials";
import { fromApplication } from "../../../tests/support/outcome-moves";
import { offerRow, UNCONFIRMED } from "../../../tests/support/rows";
import { consentWords } from "./testimonials.words";
import { testimonials as coded, testimonialsSection } from "~/features/site/home.words";
import * as adminRoute from "~/features/outcomes/routes/testimonials";
import * as portalRoute from "~/features/outcomes/routes/testimonial";
import * as homeRoute from "~/features/site/routes/home";
import { portalExport } from "~/features/portal/privacy.server";
import { erasePerson } from "~/features/people/privacy.server";
import { askForTestimonial } from "./testimonials.server";
import { listTestimonials, readHomeStories } from "./testimonial-publishing.server";

describe.each(testEngines())("testimonials on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  /** A paid student with an offer (confirmed unless told otherwise), and their portal cookie. */
  const student = (first: string, last: string, firm: string, confirmed = true) =>
    studentWithOffer(s, first, last, {
      firm,
      compensation: "secret pay",
      ...(confirmed ? {} : UNCONFIRMED),
    });

  const ask = (offerId: string) =>
    db()
      .transaction()
      .execute((trx) => askForTestimonial(trx, services(), offerId, s.clock.now()));
  const write = (cookie: string, fields: Record<string, string>) =>
    answer(services(), portalRoute.action, "/portal/testimonial", cookie, { fields });
  const owners = new WeakMap<object, string>();
  const owner = async (fields: Record<string, string>) => {
    let cookie = owners.get(services());
    if (!cookie) {
      cookie = await ownerCookie({ services: services(), config: services().config });
      owners.set(services(), cookie);
    }
    return answer(services(), adminRoute.action, "/admin/testimonials", cookie, { fields });
  };
  const row = (personId: string) => testimonialRow(db(), personId);
  const requests = (email: string) =>
    db()
      .selectFrom("outbox")
      .select(["kind", "text"])
      .where("to_address", "=", email)
      .where("kind", "=", "testimonial_request")
      .execute();
  /**
   * The home route's loader data as React Router sends it (GET /.data), read afresh: the owner's
   * posts here skip Express, whose clearMemoAfterWrites would drop the kept parts (server/app.ts).
   */
  const homeLoaderData = async (path = "/") => {
    services().memo.clear();
    const request = new Request(`http://localhost:3000${path}`);
    return callAction(homeRoute.loader, request, makeContext(services()));
  };
  const homeData = async () =>
    JSON.parse(JSON.stringify((await homeLoaderData("/.data")).stories)) as unknown;
  /** The home page's headline stats and testimonials' grid, as a visitor gets them. */
  const home = async () => {
    const loaderData = await homeLoaderData();
    const props = { loaderData } as Parameters<typeof homeRoute.default>[0];
    const page = renderToStaticMarkup(createElement(homeRoute.default, props));
    const between = (from: string, to: string) =>
      page.slice(page.indexOf(from), page.indexOf(to, page.indexOf(from)));
    return { stats: between("<dl", "</dl>"), grid: between('id="testimonials"', 'id="cta-title"') };
  };

  it("asks once per student, ever: one row, one email with the portal link", async () => {
    const zora = await student("Zora", "Quinn", "Acme Bank");
    expect(await ask(zora.offerId)).toBe(true);
    expect(await ask(zora.offerId)).toBe(false);
    // A second confirmed offer asks nothing more.
    const second = offerRow(zora.id, await s.cohortId(), s.clock.now().toISOString(), {
      firm: "Other Bank",
      kind: "full_time",
    });
    const link = await fromApplication(db(), zora.id, "offer", second.reported_at);
    await db()
      .insertInto("offers")
      .values({ ...second, ...link })
      .execute();
    expect(await ask(second.id)).toBe(false);
    expect(await ask("no-such-offer")).toBe(false);
    expect((await row(zora.id)).status).toBe("requested");
    const mail = await requests(zora.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`${services().config.publicUrl}/portal/testimonial`);
    // The portal home prompts while it is not written.
    const { studentHome } = await import("~/features/portal/student-home.server");
    expect((await studentHome(services(), zora.id))?.testimonialAsked).toBe(true);
  });

  it("refuses a testimonial that is too long, unconsented or not asked for, changing nothing", async () => {
    const zora = await student("Zora", "Quinn", "Acme Bank");
    const notAsked = await write(zora.cookie, { intent: "submit", quote: "Hi", consent: "full" });
    expect(notAsked.status).toBe(409);
    await ask(zora.offerId);
    const long = await write(zora.cookie, {
      intent: "submit",
      quote: "x".repeat(601),
      consent: "full",
    });
    expect(long.status).toBe(400);
    const unconsented = await write(zora.cookie, { intent: "submit", quote: "Great." });
    expect(unconsented.status).toBe(400);
    const odd = await write(zora.cookie, { intent: "submit", quote: "Great.", consent: "all" });
    expect(odd.status).toBe(400);
    expect((await row(zora.id)).quote).toBeNull();
    expect((await row(zora.id)).consent).toBeNull();
  });

  it("answers a testimonial of only spaces with the empty one's words, changing nothing", async () => {
    const zora = await student("Zora", "Quinn", "Acme Bank");
    await ask(zora.offerId);
    for (const quote of ["", "   ", " \r\n\t "]) {
      const result = await write(zora.cookie, { intent: "submit", quote, consent: "full" });
      expect(result.status).toBe(400);
      const body = result.body as { result: { error: Record<string, string[]> }; toast: unknown };
      expect(body.result.error.quote).toEqual(["Please write your testimonial"]);
      expect(JSON.stringify(body.toast)).toContain("Please write your testimonial");
    }
    expect((await row(zora.id)).quote).toBeNull();
    expect((await row(zora.id)).status).toBe("requested");
  });

  it("records the consent's words and time; the owner approves, fixes, orders, hides; withdrawal unpublishes at once", async () => {
    const zora = await student("Zora", "Quinn", "Acme Bank");
    const dan = await student("Yusuf", "Okafor", "Bay Capital");
    await ask(zora.offerId);
    await ask(dan.offerId);
    s.clock.advance(60_000);
    const sent = await write(zora.cookie, {
      intent: "submit",
      quote: "The scripts got me calls. Teh mocks got me the offer.",
      consent: "full",
    });
    expect(sent.status).toBe(303);
    const mine = await row(zora.id);
    expect(mine).toMatchObject({
      status: "submitted",
      consent: "full",
      consent_words: consentWords.full,
      consent_at: s.clock.now().toISOString(),
      consent_withdrawn_at: null,
    });
    expect(
      (await write(dan.cookie, { intent: "submit", quote: "Worth it.", consent: "first_name" }))
        .status,
    ).toBe(303);
    expect((await row(dan.id)).consent_words).toBe(consentWords.first_name);
    // Not on the home page before approval.
    expect((await home()).grid).not.toContain("Zora");

    expect((await owner({ intent: "approve", id: mine.id })).status).toBe(303);
    expect((await owner({ intent: "approve", id: (await row(dan.id)).id })).status).toBe(303);
    expect(
      (await owner({ intent: "edit", id: mine.id, publishedQuote: "The mocks got me the offer." }))
        .status,
    ).toBe(303);
    let page = await home();
    // Full name for "full", first name only for "first_name"; the firm of the offer, never the pay.
    expect(page.grid).toContain("Zora Quinn");
    expect(page.grid).toContain("Acme Bank");
    expect(page.grid).toContain("The mocks got me the offer.");
    expect(page.grid).not.toContain("Teh mocks");
    expect(page.grid).toContain(">Yusuf<");
    expect(page.grid).not.toContain("Okafor");
    expect(page.grid).not.toContain("secret pay");
    expect(page.grid.indexOf("Zora Quinn")).toBeLessThan(page.grid.indexOf(">Yusuf<"));
    // The owner's order.
    expect((await owner({ intent: "move", id: mine.id, direction: "down" })).status).toBe(303);
    page = await home();
    expect(page.grid.indexOf(">Yusuf<")).toBeLessThan(page.grid.indexOf("Zora Quinn"));
    // Hidden by the owner: gone.
    expect((await owner({ intent: "hide", id: (await row(dan.id)).id })).status).toBe(303);
    expect((await home()).grid).not.toContain(">Yusuf<");
    const audit = await db().selectFrom("audit_log").select("action").execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "testimonial.approve",
        "testimonial.edit",
        "testimonial.move",
        "testimonial.hide",
      ]),
    );

    // The student withdraws: off the home page on the next read, and never approvable again.
    expect((await write(zora.cookie, { intent: "withdraw" })).status).toBe(303);
    expect(await row(zora.id)).toMatchObject({
      status: "hidden",
      consent_withdrawn_at: s.clock.now().toISOString(),
    });
    expect((await home()).grid).not.toContain("Zora");
    expect((await owner({ intent: "approve", id: mine.id })).status).toBe(409);
    expect((await write(zora.cookie, { intent: "withdraw" })).status).toBe(409);
  });

  it("shows a real testimonial's role and stars as the written ones do; old consent words show the firm only", async () => {
    const zora = await student("Zora", "Quinn", "Acme Bank");
    const dan = await student("Yusuf", "Okafor", "Bay Capital");
    await ask(zora.offerId);
    await ask(dan.offerId);
    // Stars out of range change nothing.
    const bad = await write(zora.cookie, {
      intent: "submit",
      quote: "Worth it.",
      consent: "full",
      rating: "6",
    });
    expect(bad.status).toBe(400);
    expect(await row(zora.id)).toMatchObject({ status: "requested", rating: null });
    const fields = { intent: "submit", quote: "Worth it.", consent: "full", rating: "4" };
    expect((await write(zora.cookie, fields)).status).toBe(303);
    expect((await row(zora.id)).rating).toBe(4);
    expect((await write(dan.cookie, { ...fields, consent: "first_name", rating: "" })).status).toBe(
      303,
    );
    // Dan agreed before consent named the role (the words stored then named only the firm).
    await db()
      .updateTable("testimonials")
      .set({ consent_words: "…with my first name and the firm of my offer only…" })
      .where("person_id", "=", dan.id)
      .execute();
    for (const one of [zora, dan]) await owner({ intent: "approve", id: (await row(one.id)).id });
    const cards = (await home()).grid.split("<figure").slice(1);
    const card = (name: string) => cards.find((c) => c.includes(name))!;
    expect(card("Zora Quinn")).toContain("Analyst, Acme Bank");
    expect(card("Zora Quinn")).toContain(`aria-label="${testimonialsSection.ratingLabel(4)}"`);
    expect(card("Zora Quinn").match(/data-star=""/g)).toHaveLength(4);
    expect(card(">Yusuf<")).toContain("Bay Capital");
    expect(card(">Yusuf<")).not.toContain("Analyst");
    expect(card(">Yusuf<")).not.toContain("data-star");
  });

  it("keeps the four written testimonials until four real ones are published", async () => {
    const names = ["Ann", "Bea", "Cal", "Dee"];
    const ids: string[] = [];
    for (const name of names) {
      const one = await student(name, "Lee", `${name} Firm`);
      await ask(one.offerId);
      await write(one.cookie, { intent: "submit", quote: `${name} says hi.`, consent: "full" });
      ids.push((await row(one.id)).id);
    }
    // None published yet: the four written ones.
    expect((await home()).grid).toContain(coded[0].name);
    for (const [index, id] of ids.entries()) {
      await owner({ intent: "approve", id });
      const { grid } = await home();
      const shown = index + 1;
      for (const name of names.slice(0, shown)) expect(grid).toContain(`${name} Lee`);
      for (const t of coded)
        if (shown < 4) expect(grid).toContain(t.name);
        else expect(grid).not.toContain(t.name);
    }
    expect((await listTestimonials(db())).map((t) => t.name)).toEqual(names.map((n) => `${n} Lee`));
  });

  it("shows the count of confirmed offers only when the owner turns it on", async () => {
    await student("Ann", "Lee", "A");
    await student("Bea", "Lee", "B");
    await student("Cal", "Lee", "C", false);
    let page = await home();
    expect(page.stats).toContain('data-stat="stories">4+<');
    // The count is hidden: the route's data (GET /.data) carries no trace of it either.
    expect(await homeData()).toEqual({ published: [], offerCount: null });
    expect((await owner({ intent: "settings", showOfferCount: "on" })).status).toBe(303);
    page = await home();
    expect(page.stats).toContain('data-stat="stories">2<');
    expect(page.stats).not.toContain(">4+<");
    expect((await readHomeStories(db())).offerCount).toBe(2);
    expect(await homeData()).toEqual({ published: [], offerCount: 2 });
    expect((await owner({ intent: "settings", showOfferCount: "off" })).status).toBe(303);
    expect((await home()).stats).toContain(">4+<");
    expect(await homeData()).toEqual({ published: [], offerCount: null });
  });

  it("exports the testimonial with the person, and erasure takes it off the home page", async () => {
    const zora = await student("Zora", "Quinn", "Acme Bank");
    await ask(zora.offerId);
    await write(zora.cookie, { intent: "submit", quote: "Mine.", consent: "full" });
    await owner({ intent: "approve", id: (await row(zora.id)).id });
    const exported = await portalExport(db(), zora.id, zora.email);
    expect(exported.testimonial).toMatchObject({
      quote: "Mine.",
      consent_words: consentWords.full,
    });
    expect(await erasePerson(db(), zora.id, "boss@example.com", s.clock.now())).toBe(true);
    expect(
      await db().selectFrom("testimonials").selectAll().where("person_id", "=", zora.id).execute(),
    ).toEqual([]);
    expect((await home()).grid).not.toContain("Zora");
  });
});
