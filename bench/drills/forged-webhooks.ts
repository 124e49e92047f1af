import { startFakeStripe } from "../../fakes/stripe";
import { qualifiedBuyers } from "../lib/buyers";
import { countRows, type EngineSetup } from "../lib/engines";
import { FORM_HEADERS } from "../lib/forms";
import { startServer } from "../lib/server";
import { deliver, signedEvent, stripeEnv, type WebhookDelivery } from "../lib/stripe";
import type { DrillResult } from "../lib/types";

const BUYER = "forged-drill@example.com";

/**
 * Webhooks that must not count: unsigned, tampered after signing, stale (signed an hour ago) and
 * signed with another secret. Each is a completion event for a real, paid checkout, so accepting
 * one would enroll somebody. Each must get 400 and write nothing; a correctly signed control event
 * afterwards must be accepted (proving the counts would have moved).
 */
export async function forgedWebhooks(engine: EngineSetup): Promise<DrillResult> {
  const fake = await startFakeStripe();
  const server = await startServer({
    dataDir: engine.dataDir,
    databaseUrl: engine.databaseUrl,
    env: stripeEnv(fake.url),
  });
  const inspect = await engine.inspect();
  try {
    const [cookie] = await qualifiedBuyers(inspect.db, server.sessionSecret, 1);
    const res = await fetch(`${server.url}/enroll`, {
      method: "POST",
      headers: { ...FORM_HEADERS, origin: server.url, cookie: cookie! },
      body: "",
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    const session = [...fake.sessions.values()][0];
    if (!session) throw new Error(`no checkout session was created (POST /enroll: ${res.status})`);
    const paid = fake.pay(session.id, BUYER);
    const type = "checkout.session.completed";

    const genuine = signedEvent("evt_forged_tampered", type, paid);
    const cases: [string, WebhookDelivery][] = [
      ["unsigned", { ...signedEvent("evt_forged_unsigned", type, paid), signature: undefined }],
      ["tampered", { ...genuine, payload: genuine.payload.replace(BUYER, "attacker@example.com") }],
      [
        "stale (1 h old)",
        signedEvent("evt_forged_stale", type, paid, {
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
      ],
      ["other secret", signedEvent("evt_forged_secret", type, paid, { secret: "whsec_other" })],
    ];

    const counts = async () =>
      [await countRows(inspect.db, "webhook_events"), await countRows(inspect.db, "payments")].join(
        "/",
      );
    const before = await counts();
    const refused: string[] = [];
    const accepted: string[] = [];
    let wrote = 0;
    for (const [name, delivery] of cases) {
      const status = await deliver(server.url, delivery);
      (status === 400 ? refused : accepted).push(`${name}: ${status}`);
      if ((await counts()) !== before) wrote += 1;
    }

    const control = await deliver(server.url, signedEvent("evt_forged_control", type, paid));
    const afterControl = await counts();
    const controlOk = control === 200 && afterControl === "1/1";
    const pass = refused.length === cases.length && wrote === 0 && controlOk;
    return {
      name: "d. unsigned, tampered, stale, wrong-secret webhooks",
      engine: engine.name,
      pass,
      summary: `${refused.length}/${cases.length} refused with 400${accepted.length ? ` (not: ${accepted.join(", ")})` : ""}, ${wrote} wrote rows (webhook_events/payments ${before} throughout); control event: ${control}, rows ${afterControl}`,
      details: {
        forged: cases.length,
        refused400: refused.length,
        casesThatWroteRows: wrote,
        rowsBefore: before,
        controlStatus: control,
        rowsAfterControl: afterControl,
      },
    };
  } finally {
    await inspect.close();
    await server.stop();
    await fake.close();
  }
}
