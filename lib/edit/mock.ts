import { hashHex, hasState, type Op, type World } from "@/lib/kernel";
import { proposeLocalEdit, readInstruction, type Proposal } from "./local";

/**
 * Test keys' editor: never a model. An instruction of the grammar (docs/edit.md) is read as the
 * `local` editor reads it; any other gets a deterministic mock edit, so an integration can be
 * tested with free text: a state named after the instruction's hash, holding the instruction as
 * its text, reached from the entrance.
 */
export function proposeMockEdit(world: World, instruction: string): Proposal {
  let understood = true;
  try {
    readInstruction(instruction);
  } catch {
    understood = false;
  }
  if (understood) return proposeLocalEdit(world, instruction);
  const id = `mock-${hashHex(instruction).slice(-8)}`;
  const ops: Op[] = [{ op: "add_state", id, base: instruction.slice(0, 500) }];
  if (hasState(world, world.entrance.state))
    ops.push({ op: "add_event", from: world.entrance.state, to: id, name: `mock edit ${id.slice(5)}` });
  return { ops, summary: `Mock edit (test key): add the state "${id}" holding the instruction.` };
}
