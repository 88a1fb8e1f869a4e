// Time for created resources: real time, but strictly increasing and never before the
// newest fixture, so update_time >= create_time and ULIDs sort by creation.

export interface Clock {
  now(): number;
}

export function monotonicClock(floorMs: number): Clock {
  let last = floorMs;
  return {
    now() {
      last = Math.max(Date.now(), last + 1);
      return last;
    },
  };
}
