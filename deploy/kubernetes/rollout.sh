#!/usr/bin/env bash
# A release on Kubernetes, in order: the migration Job of the overlay (its migrate/ folder) runs
# to completion, then the app's kustomization is applied and its rollouts awaited. A failed or
# stuck migration stops here, with the old release still serving.
#   deploy/kubernetes/rollout.sh deploy/kubernetes/overlays/production
# Needs kubectl >= 1.27 (kustomize v5) and KEDA's CRDs in the cluster (docs/deployment.md).
set -euo pipefail

overlay=${1:?usage: rollout.sh deploy/kubernetes/overlays/<name>}
timeout=${MIGRATE_TIMEOUT_SECONDS:-900}
ns=$(kubectl kustomize "$overlay/migrate" | awk '$1 == "kind:" && $2 == "Job" { job = 1 } job && $1 == "namespace:" { print $2; exit }')
[ -n "$ns" ] || { echo "no namespace in $overlay/migrate" >&2; exit 1; }

kubectl create namespace "$ns" --dry-run=client -o yaml | kubectl apply -f -

echo "== migration ($ns)"
# A Job's pod template cannot change: the previous release's Job goes first.
kubectl -n "$ns" delete job atelier-migrate --ignore-not-found --wait=true
kubectl apply -k "$overlay/migrate"
deadline=$((SECONDS + timeout))
while :; do
  state=$(kubectl -n "$ns" get job atelier-migrate -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type} {end}')
  case " $state " in
    *" Complete "*) break ;;
    *" Failed "*)
      kubectl -n "$ns" logs job/atelier-migrate --tail=50 >&2 || true
      echo "the migration failed: nothing else was changed" >&2
      exit 1
      ;;
  esac
  if ((SECONDS > deadline)); then
    echo "the migration did not finish in ${timeout}s: nothing else was changed" >&2
    exit 1
  fi
  sleep 3
done
kubectl -n "$ns" logs job/atelier-migrate --tail=5 || true

echo "== release ($ns)"
kubectl apply -k "$overlay"
for d in atelier-api atelier-worker-text atelier-worker-images; do
  kubectl -n "$ns" rollout status "deployment/$d" --timeout=15m
done
