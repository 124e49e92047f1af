import { FORM_HEADERS } from "./forms";

/** A browser's cookies: what Set-Cookie gave it, sent back on the next request. */
export class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  set(pair: string) {
    const at = pair.indexOf("=");
    this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  has(name: string) {
    return Boolean(this.cookies.get(name));
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /**
   * A GET, or a form POST of `body` with the site's Origin, as this browser sends it to `site`
   * (`url` a path there, or a whole address): its cookies, redirects not followed.
   */
  async send(site: string, url: string, body?: string) {
    const res = await fetch(url.startsWith("http") ? url : `${site}${url}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        cookie: this.header(),
        ...(body === undefined ? {} : { ...FORM_HEADERS, origin: site }),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    this.take(res);
    return { status: res.status, location: res.headers.get("location") ?? "" };
  }
}
