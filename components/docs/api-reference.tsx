"use client";
// Scalar is a large Vue application: loaded in the browser only, after the page has drawn.
import dynamic from "next/dynamic";
import { Loading } from "../status";

export const ApiReference = dynamic(() => import("./scalar-reference"), {
  ssr: false,
  loading: () => <Loading label="Loading the API description…" />,
});
