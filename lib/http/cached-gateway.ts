import "server-only";
import { respond, type Answer } from "@/lib/http/handler";
import { cachedRead } from "@/lib/http/response-cache";
import { CcipReadResponse } from "@/lib/contract/schemas/ens";
import { config } from "@/lib/config";
import { answerCcipRead } from "@/lib/ens/ccip-gateway";

// Signed gateway answers as cached responses, dropped like resolution's when a name they were read
// from changes (`name:<name>`, on every instance). A kept answer must stay valid long after it is
// served: answers are kept only when they live at least twice as long as the cache keeps them.

export function cachedCcipRead(sender: string, data: string): Answer | Promise<Answer> {
  return cachedRead(`ccip|${sender.toLowerCase()}|${data.toLowerCase()}`, async () => {
    const answer = await answerCcipRead(sender, data);
    const cfg = config();
    const keep = cfg.ENS_GATEWAY_TTL_SECONDS >= 2 * cfg.RESPONSE_CACHE_TTL_SECONDS;
    return {
      response: respond(CcipReadResponse, { data: answer.data }),
      tags: keep ? answer.names.map((name) => `name:${name}`) : null,
    };
  });
}
