/** Notes about a student, as written, each with who wrote it and when (`byline`). */
export function NoteList<Note extends { id: string; body: string }>({
  notes,
  byline,
  testId,
}: {
  notes: Note[];
  byline: (note: Note) => string;
  testId?: string;
}) {
  return (
    <ul className="mt-3 space-y-3" data-testid={testId}>
      {notes.map((note) => (
        <li key={note.id} className="rounded bg-slate-50 p-3 text-sm">
          <p className="whitespace-pre-line text-slate-900">{note.body}</p>
          <p className="mt-1 text-slate-600">{byline(note)}</p>
        </li>
      ))}
    </ul>
  );
}
