import { describe, expect, it } from "vitest";
import { localChat } from "@/lib/ai";
import { authorProfile, readPremise } from "./author";

// A character made from a premise (AUTHORED mode, local and test keys): its parts read from the
// premise, never the premise pasted into "<name> is <premise>" (issue 27: "Mina is A grumpy
// street-food chef…", "Mina knows a great deal about street").

describe("authorProfile", () => {
  it("reads the premise's role, name, deed and topics", () => {
    expect(readPremise("A grumpy street-food chef named Mina who secretly feeds the city's stray cats")).toEqual({
      name: "Mina",
      role: "a grumpy street-food chef",
      head: "chef",
      traits: ["grumpy"],
      deed: "secretly feeds the city's stray cats",
      topics: ["street food", "the city's stray cats"],
    });
    expect(readPremise("a retired lighthouse keeper named Maren who talks to gulls")).toMatchObject({
      name: "Maren",
      head: "keeper",
      topics: ["lighthouses", "gulls"],
    });
    expect(readPremise("Mina, a grumpy chef who hates tourists")).toMatchObject({
      name: "Mina",
      role: "a grumpy chef",
      deed: "hates tourists",
    });
    expect(readPremise("a keeper of gulls")).toMatchObject({ role: "a keeper of gulls", head: "keeper", topics: ["gulls"] });
  });

  it("writes lore as facts of its own, not the premise pasted", () => {
    const premise = "A grumpy street-food chef named Mina who secretly feeds the city's stray cats";
    const profile = authorProfile(premise, undefined);
    expect(profile.name).toBe("Mina the Chef");
    expect(profile.persona).toMatch(/^You are Mina, a grumpy street-food chef who secretly feeds the city's stray cats\./);
    expect(profile.lore).not.toMatch(/\bis A\b/);
    expect(profile.lore).not.toContain(premise);
    expect(profile.lore).toContain("Mina knows a great deal about street food.");
    expect(profile.lore).not.toMatch(/about street\./);
    expect(profile.examples).not.toContain(premise);
    expect(profile.greeting).toMatch(/I'm Mina/);
  });

  it("gives a character that answers in the first person, once each", () => {
    const profile = authorProfile("A grumpy street-food chef named Mina who secretly feeds the city's stray cats", undefined);
    const character = { ...profile, scene: "", style: "" };
    let history = [{ role: "character", text: profile.greeting }];
    const replies: string[] = [];
    for (const text of ["Hello! Who are you?", "What do you know about street food?", "Do you feed the cats?", "Who are you?"]) {
      const turn = localChat({ character, text, currentStance: "neutral", history, affect: { v: 0, a: 0, d: 0, rapport: 0 } });
      replies.push(turn.reply);
      history = [...history, { role: "user", text }, { role: "character", text: turn.reply }];
    }
    for (const reply of replies) {
      expect(reply).not.toMatch(/\bMina (?:is|knows|has|keeps|secretly)\b/);
      expect(reply).toMatch(/\b(?:I|I'm|I've|me|my)\b/);
    }
    expect(replies[1]).toMatch(/street food/);
    expect(replies[2]).toMatch(/cats/);
    expect(new Set(replies).size).toBe(replies.length);
  });
});
