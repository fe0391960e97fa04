"use client";

import { useEffect } from "react";

/**
 * Marks the document once React has hydrated the page (`<html data-live>`). Public pages start
 * their scripts after the first paint (ADR 0019), so a browser's `load` can come before them: the
 * end-to-end tests wait for this mark before they type into or click what only React handles.
 */
export function LiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.live = "";
  }, []);
  return null;
}
