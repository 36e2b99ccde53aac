"use client";
// The operator's token, in sessionStorage under a key of its own: never beside a partner's token.
import { tokenStore } from "../session-token";

const operatorToken = tokenStore("namesvc.operatorToken");

export const setOperatorToken = operatorToken.set;
export const useOperatorToken = operatorToken.use;
