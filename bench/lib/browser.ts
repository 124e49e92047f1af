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
}
