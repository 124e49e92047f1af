import { describe, expect, it } from "vitest";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { useMarketingMail } from "../../../tests/support/marketing-mail";
import { action as oneClickAction } from "~/features/marketing/routes/one-click-unsubscribe";
import { action as unsubscribeAction } from "~/features/marketing/routes/unsubscribe";
import { runSequences } from "./sequences.server";

// Taking marketing consent back (or narrowing it) by the link every marketing email carries.
describe.each(testEngines())("unsubscribing on $name", (engine) => {
  const { clock, start, services, db, takeResource, person, mail, at } = useMarketingMail(engine);

  it('"Only send me cohort news" narrows a subscriber, and after a stop is a consent of its own', async () => {
    await start();
    await takeResource("/resume-template", "news@example.com", true);
    const { unsubscribe_token: token, id } = await person("news@example.com");
    const choose = (intent: string) =>
      callAction(
        unsubscribeAction,
        formRequest(`/unsubscribe/${token}`, { intent }),
        makeContext(services()),
        { token },
      ).then(unwrap);
    const consents = () =>
      db().selectFrom("consents").select("source").where("person_id", "=", id).execute();
    expect((await choose("news_only")).status).toBe(303);
    expect((await person("news@example.com")).marketing).toBe("cohort_news");
    expect(await consents()).toHaveLength(1);
    expect((await choose("unsubscribe")).status).toBe(303);
    expect((await person("news@example.com")).marketing).toBe("unsubscribed");
    expect((await choose("news_only")).status).toBe(303);
    expect((await person("news@example.com")).marketing).toBe("cohort_news");
    expect((await consents()).map((c) => c.source).sort()).toEqual([
      "lead:resume",
      "unsubscribe page",
    ]);
  });

  it("one-click unsubscribe: a bare POST unsubscribes at once, answers 200, drops queued mail", async () => {
    await start();
    await takeResource("/resume-template", "stop@example.com", true);
    clock.set(at(2.01));
    await runSequences(services());
    expect(await mail("stop@example.com", "nurture:%")).toHaveLength(1);
    const { unsubscribe_token: token } = await person("stop@example.com");

    // As mail providers send it: no cookie, no Origin, the RFC 8058 body.
    const request = formRequest(`/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" });
    const answer = await unwrap(
      await callAction(oneClickAction, request, makeContext(services(), { visitorId: null }), {
        token,
      }),
    );
    expect(answer.status).toBe(200);
    expect((await person("stop@example.com")).marketing).toBe("unsubscribed");
    const run = await db().selectFrom("sequence_runs").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: "stopped", end_reason: "unsubscribed" });

    // The step queued before the unsubscribe is dropped when the worker comes to it.
    const result = await services().mailWorker.runOnce();
    expect(result.suppressed).toBe(1);
    const [dropped] = await mail("stop@example.com", "nurture:%");
    expect(dropped).toMatchObject({ status: "suppressed", sent_at: null });
    // The download email (transactional) went out as usual.
    expect((await mail("stop@example.com", "lead_%"))[0]!.status).toBe("sent");
  });

  it("an unknown unsubscribe token answers 404 and changes nothing", async () => {
    await start();
    await takeResource("/resume-template", "keep@example.com", true);
    for (const token of ["A".repeat(32), "not-a-token", ""]) {
      const request = formRequest(`/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" });
      const answer = await unwrap(
        await callAction(oneClickAction, request, makeContext(services()), { token }),
      );
      expect(answer.status).toBe(404);
    }
    expect((await person("keep@example.com")).marketing).toBe("subscribed");
  });

  it("the one-click address takes the RFC 8058 body only: any other post goes to the page", async () => {
    await start();
    await takeResource("/resume-template", "asks@example.com", true);
    const { unsubscribe_token: token } = await person("asks@example.com");
    const posts: Record<string, string>[] = [
      { intent: "unsubscribe" },
      { "List-Unsubscribe": "Yes" },
      {},
    ];
    for (const fields of posts) {
      const request = formRequest(`/unsubscribe/${token}`, fields);
      const answer = await unwrap(
        await callAction(oneClickAction, request, makeContext(services()), { token }),
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`/unsubscribe/${token}/choose`);
    }
    expect((await person("asks@example.com")).marketing).toBe("subscribed");
  });
});
