import { TaskQueues } from './queue';
import { inRequest } from './requestScope';

describe('TaskQueues', () => {
  it('runs tasks of one key one after the other, and of other keys alongside', async () => {
    const queues = new TaskQueues();
    const events: string[] = [];
    let release: () => void = () => undefined;
    const first = queues.run('a', async () => {
      events.push('a1 start');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      events.push('a1 end');
    });
    const second = queues.run('a', async () => {
      events.push('a2');
    });
    const other = queues.run('b', async () => {
      events.push('b1');
    });
    await other;
    expect(events).toStrictEqual(['a1 start', 'b1']);
    release();
    await Promise.all([first, second]);
    expect(events).toStrictEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('keeps going after a task fails, and hands each caller its own outcome', async () => {
    const queues = new TaskQueues();
    const failing = queues.run('a', async () => {
      throw new Error('boom');
    });
    const next = queues.run('a', async () => 'done');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('done');
  });

  it('a task cut off when the snap went idle (it never settles) does not hold the tasks after it', async () => {
    const queues = new TaskQueues();
    // A request that returned while its task waited on something MetaMask
    // then cut off: the task never settles.
    await inRequest('https://site.example', async () => {
      queues
        .run('state', async () => new Promise(() => undefined))
        .catch(() => undefined);
      return null;
    });
    // The next request's task runs.
    expect(
      await inRequest('https://site.example', async () =>
        queues.run('state', async () => 'written'),
      ),
    ).toBe('written');
  });
});
