/**
 * An uploaded file served as a download, never shown inline: its stored type with sniffing off,
 * a file name of safe characters only, and kept out of every cache. The owner's resume download
 * (/admin/uploads/:id) and a mentor's (/portal/mentor/students/:id/resume) both answer with it.
 */
export function attachmentResponse(file: {
  name: string;
  content_type: string;
  data: Uint8Array;
  size: number;
}): Response {
  return new Response(Buffer.from(file.data), {
    headers: {
      "Content-Type": file.content_type,
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${file.name.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
