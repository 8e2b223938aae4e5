import { Injectable } from '@nestjs/common';

/**
 * The time the learning commands decide with (payment and refund dates, the 7-day refund window).
 * A class of its own so that tests can move it forward a week without waiting one.
 */
@Injectable()
export class LearningClock {
  now(): Date {
    return new Date();
  }

  iso(): string {
    return this.now().toISOString();
  }
}
