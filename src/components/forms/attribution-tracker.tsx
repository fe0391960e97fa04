"use client";

import { useEffect } from "react";
import { recordTouch } from "./attribution";

/** Records where the visitor came from on their landing page (see attribution.ts). */
export function AttributionTracker() {
  useEffect(() => {
    recordTouch();
  }, []);
  return null;
}
