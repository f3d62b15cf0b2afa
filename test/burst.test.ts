import { expect } from '@open-wc/testing';
import { Burst } from '../src/core/burst';
import { FakeClock } from './fake-clock';

/** A burst of 300 ms on a fake clock, and what ran. */
function setup() {
  const clock = new FakeClock();
  const burst = new Burst(
    () => clock,
    () => 300,
  );
  const ran: string[] = [];
  const dropped: string[] = [];
  const call = (name: string) =>
    burst.run(
      () => ran.push(`${name}@${clock.now()}`),
      () => dropped.push(name),
    );
  return { clock, burst, ran, dropped, call };
}

describe('the flood rule (pure, injected time): first now, last after the burst, the ones between dropped', () => {
  it('a burst of 100 calls runs the first at once and the last 300 ms after it ends; the 98 between never run', () => {
    const { clock, burst, ran, dropped, call } = setup();
    expect(call('c0'), 'the first at once').to.equal(true);
    for (let i = 1; i < 100; i++) {
      clock.tick(10); // the burst lasts 1 s, longer than the spacing: it is the gap that counts
      expect(call(`c${i}`), `c${i} waits`).to.equal(false);
    }
    expect(ran).to.deep.equal(['c0@0']);
    expect(burst.waiting).to.equal(true);
    // The last call came at 990 ms: it runs 300 ms later, not before.
    clock.tick(299);
    expect(ran).to.deep.equal(['c0@0']);
    clock.tick(1);
    expect(ran).to.deep.equal(['c0@0', 'c99@1290']);
    expect(burst.waiting).to.equal(false);
    expect(dropped).to.have.length(98);
    expect(dropped[0]).to.equal('c1');
    expect(dropped.at(-1)).to.equal('c98');
  });

  it('a call 300 ms after the last start (no burst) runs at once; one within 300 ms waits', () => {
    const { clock, ran, call } = setup();
    call('a');
    clock.tick(300);
    expect(call('b')).to.equal(true);
    clock.tick(299);
    expect(call('c')).to.equal(false);
    clock.tick(300);
    expect(ran).to.deep.equal(['a@0', 'b@300', 'c@899']);
  });

  it('cancel drops the task waiting (told), but the burst goes on: the next call still waits', () => {
    const { clock, burst, ran, dropped, call } = setup();
    call('a');
    call('b');
    burst.cancel();
    expect(dropped).to.deep.equal(['b']);
    expect(clock.pending, 'no timer left').to.equal(0);
    clock.tick(100);
    expect(call('c'), 'still within the burst').to.equal(false);
    clock.tick(300);
    expect(ran).to.deep.equal(['a@0', 'c@400']);
  });

  it('spaced requests: the first and last start; one aborted or replaced while waiting rejects, unrun', async () => {
    const { clock, burst } = setup();
    const started: number[] = [];
    const request = burst.spaced(
      (signal: AbortSignal) => (
        started.push(started.length),
        signal.aborted ? Promise.reject(new Error('aborted')) : Promise.resolve('answer')
      ),
    );
    const first = request(new AbortController().signal);
    const aborted = new AbortController();
    const second = request(aborted.signal);
    aborted.abort();
    const third = request(new AbortController().signal);
    const last = request(new AbortController().signal);
    const outcome = (p: Promise<string>) =>
      p.then(
        (v) => v,
        (e: DOMException) => e.name,
      );
    expect(await outcome(first)).to.equal('answer');
    expect(await outcome(second)).to.equal('AbortError');
    expect(await outcome(third), 'replaced by the last').to.equal('AbortError');
    expect(started).to.have.length(1);
    clock.tick(300);
    expect(await outcome(last)).to.equal('answer');
    expect(started).to.have.length(2);
    expect(clock.pending).to.equal(0);
  });

  it('with two allowed at once, the second starts at once too; the rest wait', () => {
    // A first visit: the guessed language, then the configured one.
    const clock = new FakeClock();
    const burst = new Burst(
      () => clock,
      () => 300,
      2,
    );
    const ran: string[] = [];
    const call = (name: string) => burst.run(() => ran.push(`${name}@${clock.now()}`));
    expect(call('guess')).to.equal(true);
    clock.tick(40);
    expect(call('configured'), 'not a flood: no wait').to.equal(true);
    for (let i = 0; i < 50; i++) {
      clock.tick(5);
      expect(call(`flood${i}`)).to.equal(false);
    }
    clock.tick(300);
    expect(ran).to.deep.equal(['guess@0', 'configured@40', 'flood49@590']);
    // Within the spacing of that last start, the next waits; after a quiet spacing, two start at once again.
    expect(call('soon')).to.equal(false);
    clock.tick(300);
    clock.tick(300);
    expect(call('a')).to.equal(true);
    expect(call('b')).to.equal(true);
    expect(call('c')).to.equal(false);
  });
});
