/** What the snaps-jest run measures, written to results/snap.tmp. */

/** Median, min and max of a series, in milliseconds. */
export type Summary = {
  median: number;
  min: number;
  max: number;
  samples: number;
};

export type MethodMeasurement =
  | {
      measured: true;
      calls: number;
      dialogs: number;
      /** Snap time per call: request → first dialog, approval → next dialog or response. */
      latencyMs: Summary;
      /** Request → first dialog shown (dialog methods only). */
      toDialogMs?: Summary;
      /** The warm-up call before the measured ones (not in latencyMs). */
      firstCallMs: number;
      /** JSON-RPC calls the local node received, per call. */
      roundTrips: { min: number; max: number };
      /** Of those, the ones received before the first dialog was shown. */
      roundTripsBeforeDialog?: { min: number; max: number };
      /** The last measured call's round trips by node method. */
      roundTripsByMethod: Record<string, number>;
      note?: string;
    }
  | { measured: false; reason: string };

export type SnapMeasurements = {
  install: { firstMs: number; ms: Summary };
  methods: Record<string, MethodMeasurement>;
};
