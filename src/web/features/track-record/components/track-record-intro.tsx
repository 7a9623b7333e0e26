/** What the record is and why it can be trusted, in plain words, above everything else. */
export function TrackRecordIntro() {
  return (
    <div className="mb-6 max-w-3xl space-y-3 text-slate-300">
      <p>
        Every offer HeatSignal publishes is committed to an append-only hash chain the moment it is published,
        before anyone knows how it will end. Its outcome is appended later as a new entry; nothing is ever
        edited or removed. Anyone can download the whole record and verify it.
      </p>
      <p>
        The record starts when this server started publishing and nothing is back-filled. Backtests are shown
        apart from it and always labelled as backtests.
      </p>
    </div>
  );
}
