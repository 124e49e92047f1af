import { describe, expect, it, vi } from "vitest";
import { callAction, makeContext, unwrap } from "../../../../tests/support/context";
import { testEngines } from "../../../../tests/support/databases";
import { useTestServices } from "../../../../tests/support/suite";
import { loader } from "./payment-confirmation";

describe.each(testEngines())("payment confirmation on $name", (engine) => {
  const t = useTestServices(engine, { perTest: true });

  it("asks the provider at most 60 times a minute per address, refusing the rest with 429", async () => {
    const ask = vi.spyOn(t.services.payments, "retrieveSession");
    const look = async (ip: string) =>
      unwrap(
        // A refusal is thrown (React Router renders it as the error page with its status).
        await callAction(
          loader,
          new Request("http://localhost:3000/payment-confirmation?session_id=cs_test_abc123"),
          makeContext(t.services, { ip }),
        ).catch((thrown: unknown) => thrown),
      );
    for (let i = 0; i < 60; i++) expect((await look("10.7.7.7")).status).toBe(200);
    const refused = await look("10.7.7.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(ask).toHaveBeenCalledTimes(60);
    expect((await look("10.8.8.8")).status).toBe(200);
    expect(ask).toHaveBeenCalledTimes(61);
  });

  it("never asks the provider about a malformed session id", async () => {
    const ask = vi.spyOn(t.services.payments, "retrieveSession");
    const result = await callAction(
      loader,
      new Request("http://localhost:3000/payment-confirmation?session_id=../../etc"),
      makeContext(t.services),
    );
    expect((await unwrap(result)).body).toEqual({ state: "not_found" });
    expect(ask).not.toHaveBeenCalled();
  });
});
