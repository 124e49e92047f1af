import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearMemoAfterWrites } from "./app";

describe("clearMemoAfterWrites", () => {
  let cleared: string[] = [];
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(clearMemoAfterWrites({ clear: () => cleared.push("clear") }));
    app.all("/{*splat}", (req, res) => {
      // The memo is cleared once the answer is out, not while the write runs.
      cleared.push(`answer ${req.method}`);
      res.status(req.path === "/refused" ? 409 : 200).send("done");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => close());

  const send = async (method: string, path = "/") => {
    cleared = [];
    await (await fetch(base + path, { method })).text();
    // "close" may come a moment after the client has the answer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return [...new Set(cleared)];
  };

  it("clears what pages keep after any write this instance answers, refused or not", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      expect(await send(method)).toEqual([`answer ${method}`, "clear"]);
    expect(await send("POST", "/refused")).toEqual(["answer POST", "clear"]);
  });

  it("keeps them for reads", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(await send(method)).toEqual([`answer ${method}`]);
  });
});
