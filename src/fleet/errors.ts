// A report file that cannot be used as input to merge, diff, badge or --shard-durations: the
// command line maps it to one line and exit 2, as for any other unreadable or invalid input.
export class ReportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportInputError';
  }
}
