// Requests receiving files, per user and in all, in this API process. Admission used to ask
// only how many jobs a user runs, and a request becomes a job only once its files are in: 24
// requests sent at once all passed and were all read (docs/security-testing.md, "Upload flood from
// one admitted user"). A slot is taken, synchronously after the last check, before the first byte
// of a file is read, and given back once the request's files are stored as a job's input or the
// request ends.
import { AppError, ErrorCode } from '../shared/platform/errors.js';

export class UploadSlots {
  private readonly byUser = new Map<string, number>();
  private total = 0;

  /** `limit`: requests the process receives files for at once (UPLOAD_MAX_CONCURRENT). */
  constructor(readonly limit: number) {}

  /** The user's requests receiving files now. */
  receiving(userId: string): number {
    return this.byUser.get(userId) ?? 0;
  }

  /**
   * Holds a slot for a user who runs `live` jobs and may run `cap`; returns the function that
   * gives it back (once, whoever calls it). Throws RATE_LIMITED when their live jobs and
   * requests receiving files reach the cap, SERVICE_UNAVAILABLE when the process is full.
   */
  take(userId: string, live: number, cap: number): () => void {
    const mine = this.receiving(userId);
    if (live + mine >= cap) {
      throw new AppError(ErrorCode.RATE_LIMITED, `You already have ${live + mine} jobs running or uploading. Wait for one to finish, or cancel one, and try again.`);
    }
    if (this.total >= this.limit) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The server is receiving many uploads just now. Please try again in a moment.');
    }
    this.byUser.set(userId, mine + 1);
    this.total++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.total--;
      const left = this.receiving(userId) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }
}
