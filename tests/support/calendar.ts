/**
 * Just enough iCalendar and MIME reading for tests to check the invites the site sends, without a
 * parser dependency: RFC 5545 lines are unfolded and split into name, parameters and value.
 */

export interface CalendarLine {
  name: string;
  params: string;
  value: string;
}

/** Every content line of an iCalendar text, unfolded, in order. */
export function calendarLines(text: string): CalendarLine[] {
  return text
    .replace(/\r?\n[ \t]/g, "")
    .split(/\r?\n/)
    .filter((line) => line.length > 0)
    .map((line) => {
      const colon = line.indexOf(":");
      const head = line.slice(0, colon);
      const semicolon = head.indexOf(";");
      return {
        name: (semicolon === -1 ? head : head.slice(0, semicolon)).toUpperCase(),
        params: semicolon === -1 ? "" : head.slice(semicolon + 1),
        value: line.slice(colon + 1),
      };
    });
}

/** The first value of each property (calendar and event alike), TEXT escapes undone. */
export function calendarProperties(text: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const line of calendarLines(text)) {
    properties[line.name] ??= line.value.replace(/\\([\\;,nN])/g, (_, c: string) =>
      c === "n" || c === "N" ? "\n" : c,
    );
  }
  return properties;
}

export interface MimePart {
  contentType: string;
  body: string;
}

/** The leaf parts of a raw MIME message, bodies decoded (base64, quoted-printable or plain). */
export function mimeParts(raw: string): MimePart[] {
  const split = raw.replace(/\r\n/g, "\n").indexOf("\n\n");
  const normalized = raw.replace(/\r\n/g, "\n");
  const headers = normalized.slice(0, split).replace(/\n[ \t]+/g, " ");
  const body = normalized.slice(split + 2);
  const contentType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .flatMap((part) => mimeParts(part.replace(/^\n/, "")));
  }
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const decoded =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? Buffer.from(
            body
              .replace(/=\n/g, "")
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8")
        : body;
  return [{ contentType, body: decoded }];
}
