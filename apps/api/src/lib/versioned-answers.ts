/**
 * Answers (encoded ones: lib/encoded-json.ts) a process keeps between calls, each with the database version it was built from
 * (db/list-versions.ts) and how long it holds as time passes. The caller reads the version on every
 * call and sends a kept answer only when it is the same: every replica answers what the database
 * holds now; what is kept is only the work of building and encoding it. Kept per database handle (a
 * process with two databases, as the tests have, cannot mix them up), the least recently used
 * dropped first.
 */
export class VersionedAnswers<Answer> {
  private readonly byDatabase = new WeakMap<object, Map<string, KeptAnswer<Answer>>>();

  constructor(private readonly kept: number) {}

  /** The kept answer for `key` when it was built from `version` and still holds at `now`. */
  get(db: object, key: string, version: string, now: Date): Answer | undefined {
    const answers = this.byDatabase.get(db);
    const answer = answers?.get(key);
    if (!answers || !answer || answer.version !== version) return undefined;
    const at = now.getTime();
    if (at < answer.builtAt || (answer.validUntil !== null && at > answer.validUntil)) return undefined;
    answers.delete(key);
    answers.set(key, answer);
    return answer.body;
  }

  /**
   * Keeps an answer built at `builtAt` from `version` (read before the rows); `validUntil` is the
   * last instant it holds as time passes (null: until the version moves).
   */
  set(
    db: object,
    key: string,
    answer: { version: string; body: Answer; builtAt: Date; validUntil: Date | null },
  ) {
    let answers = this.byDatabase.get(db);
    if (!answers) {
      answers = new Map();
      this.byDatabase.set(db, answers);
    }
    answers.delete(key);
    answers.set(key, {
      version: answer.version,
      body: answer.body,
      builtAt: answer.builtAt.getTime(),
      validUntil: answer.validUntil?.getTime() ?? null,
    });
    if (answers.size > this.kept) {
      const oldest = answers.keys().next();
      if (!oldest.done) answers.delete(oldest.value);
    }
  }
}

interface KeptAnswer<Answer> {
  version: string;
  body: Answer;
  builtAt: number;
  validUntil: number | null;
}
