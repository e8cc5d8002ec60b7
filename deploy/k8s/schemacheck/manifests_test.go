// Package schemacheck validates the Kubernetes manifests in deploy/k8s
// against the Kubernetes API types (k8s.io/api): every manifest is decoded
// strictly (an unknown or misspelled field, or a value of the wrong type, is
// an error) into the type its apiVersion and kind name, and the
// Indexed-Job wiring that `memarena run --shard` relies on is checked. It
// is its own module so that the Kubernetes API packages stay out of
// memarena's build; .ci/run runs it.
package schemacheck

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

type typeMeta struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
}

func load(t *testing.T, name string, into any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", name))
	if err != nil {
		t.Fatal(err)
	}
	var tm typeMeta
	if err := yaml.Unmarshal(b, &tm); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	want := map[string]string{"*v1.Job": "batch/v1 Job", "*v1.PersistentVolumeClaim": "v1 PersistentVolumeClaim"}
	got := tm.APIVersion + " " + tm.Kind
	switch into.(type) {
	case *batchv1.Job:
		if got != want["*v1.Job"] {
			t.Fatalf("%s: apiVersion/kind %q; want %q", name, got, want["*v1.Job"])
		}
	case *corev1.PersistentVolumeClaim:
		if got != want["*v1.PersistentVolumeClaim"] {
			t.Fatalf("%s: apiVersion/kind %q; want %q", name, got, want["*v1.PersistentVolumeClaim"])
		}
	}
	if err := yaml.UnmarshalStrict(b, into); err != nil {
		t.Fatalf("%s does not match the Kubernetes API schema: %v", name, err)
	}
}

func env(c corev1.Container, name string) string {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value
		}
	}
	return ""
}

func claims(t *testing.T, spec corev1.PodSpec) []string {
	t.Helper()
	var out []string
	for _, v := range spec.Volumes {
		if v.PersistentVolumeClaim != nil {
			out = append(out, v.PersistentVolumeClaim.ClaimName)
		}
	}
	return out
}

func TestManifestsMatchTheAPISchema(t *testing.T) {
	var pvc corev1.PersistentVolumeClaim
	load(t, "pvc.yaml", &pvc)
	var shards, merge batchv1.Job
	load(t, "shards-job.yaml", &shards)
	load(t, "merge-job.yaml", &merge)

	s := shards.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Error("shards-job: completionMode must be Indexed so pods get JOB_COMPLETION_INDEX")
	}
	if s.Completions == nil || s.Parallelism == nil || *s.Completions != *s.Parallelism {
		t.Error("shards-job: completions and parallelism must be set and equal (one pod per shard)")
	}
	if len(s.Template.Spec.Containers) != 1 {
		t.Fatalf("shards-job: want one container, got %d", len(s.Template.Spec.Containers))
	}
	c := s.Template.Spec.Containers[0]
	if s.Completions != nil && env(c, "SHARDS") != strconv.Itoa(int(*s.Completions)) {
		t.Errorf("shards-job: SHARDS=%q but completions=%d; they must agree", env(c, "SHARDS"), *s.Completions)
	}
	script := strings.Join(append(c.Command, c.Args...), " ")
	for _, want := range []string{"JOB_COMPLETION_INDEX + 1", "--shard", "memarena run"} {
		if !strings.Contains(script, want) {
			t.Errorf("shards-job: command lacks %q", want)
		}
	}
	if s.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Error("shards-job: restartPolicy must be Never (a retried index resumes its run directory)")
	}
	m := merge.Spec.Template.Spec
	if len(m.Containers) != 1 || !strings.Contains(strings.Join(append(m.Containers[0].Command, m.Containers[0].Args...), " "), "memarena merge") {
		t.Error("merge-job: the container must run memarena merge")
	}
	for name, spec := range map[string]corev1.PodSpec{"shards-job": s.Template.Spec, "merge-job": m} {
		if got := claims(t, spec); len(got) != 1 || got[0] != pvc.Name {
			t.Errorf("%s: volume claims %v; want the shared claim %q", name, got, pvc.Name)
		}
	}
}
