import { describe, expect, it } from "vitest";
import { AVATAR_BACKGROUNDS, avatarArt, nameHash } from "./avatar";

const NAMES = ["Ananya Iyer", "Vikram Malhotra", "Rohan Gupta", "Priya Sharma", "Neha Kapoor", "Arjun Mehta", "Karan Desai", "Meera Jain"];

describe("the illustrated avatar", () => {
  it("is the same for the same name, whatever its case and outer spaces", () => {
    expect(avatarArt("Priya Sharma")).toEqual(avatarArt("  priya sharma "));
    expect(nameHash("Priya Sharma")).toBe(nameHash("PRIYA SHARMA"));
  });

  it("differs between the sample people: no two of them share a picture", () => {
    const drawn = new Set(NAMES.map((name) => JSON.stringify(avatarArt(name))));
    expect(drawn.size).toBe(NAMES.length);
  });

  it("uses only the palette, and no shape is the colour of its ground", () => {
    for (const name of [...NAMES, "", "A", "李小龙", "x".repeat(500)]) {
      const art = avatarArt(name);
      expect(AVATAR_BACKGROUNDS).toContain(art.background);
      expect(art.shapes).toHaveLength(4);
      for (const shape of art.shapes) {
        const colour = shape.kind === "ring" ? shape.stroke : shape.fill;
        expect(colour).toMatch(/^#[0-9a-f]{6}$/);
        expect(colour).not.toBe(art.background);
      }
    }
  });

  it("keeps every shape's centre inside the 64-unit box", () => {
    for (const name of NAMES) {
      for (const shape of avatarArt(name).shapes) {
        const [x, y] = shape.kind === "square" ? [shape.x + shape.size / 2, shape.y + shape.size / 2] : [shape.cx, shape.cy];
        expect(x).toBeGreaterThan(0);
        expect(x).toBeLessThan(64);
        expect(y).toBeGreaterThan(0);
        expect(y).toBeLessThan(64);
      }
    }
  });

  it("spreads names over the backgrounds", () => {
    const grounds = new Set(Array.from({ length: 60 }, (_, i) => avatarArt(`Person ${i}`).background));
    expect(grounds.size).toBeGreaterThanOrEqual(4);
  });
});
