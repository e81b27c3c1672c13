# blind23: writes questions.jsonl and runs all mechanical checks. blind22's make_questions.py with this set's questions and
# these changes, marked 'blind23': paths /tmp/blind23_*, seed 231 for the kind-of-sequence walk, this set's draws in the
# order asserts, and this set's spec pages and key phrases. Everything else (regexes, field checks, the package- and
# class-folder-scoped api check, caller checks incl. blind17's string-aware MATLAB comment cut, the page checks in both
# PDF copies) is blind22's (i.e. blind17's), unchanged. Reads /tmp/blind23_all.txt and /tmp/blind23_callers.json (written
# by the listing command in README.md / draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page
# checks. Run from anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind23_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which demos turn a k-space trajectory into gradient waveforms with mr.traj2grad, for instance for a spiral readout or a spiral-shaped selective excitation?','mr.traj2grad','matlab','b')
fx('I want my script to check first whether the external pulse-design package is installed and to stop with a warning if it is not; show me the demos that call mr.aux.isSigPyAvailable','mr.aux.isSigPyAvailable','matlab','c')
fx('mr.calcAdcSeg demo: a long spiral readout whose ADC is split into segments with the same number of samples each','mr.calcAdcSeg','matlab','a')
fx('which demos simulate the slice profiles of their excitation and refocusing pulses with mr.simRf to check that both slices have the intended thickness?','mr.simRf','matlab','b')
fx('I need plotting code that runs under both MATLAB and Octave, for example to draw the block boundaries in a label plot; where is mr.aux.isOctave used?','mr.aux.isOctave','matlab','c')
fx('MATLAB seq.duration in the demos: scripts that read the accumulated length of the sequence built so far, for example to get the TR of the first pass or the total duration and block count','seq.duration','matlab','a')
fx('which pypulseq example builds a Gaussian fat-saturation pulse with pp.make_gauss_pulse, its frequency offset computed from the fat chemical shift at the field strength?','pp.make_gauss_pulse','python','b')
fx("In pypulseq I need the time of an RF pulse's effective centre to correct the phase of slice offsets or to time TE; list the example scripts that call pp.calc_rf_center",'pp.calc_rf_center','python','c')
fx('pp.make_adiabatic_pulse in the pypulseq examples: a hyperbolic-secant inversion of 10240 us sampled at a 10 us dwell','pp.make_adiabatic_pulse','python','a')
fx('is there a pypulseq example that keeps one phase-encoding gradient and rescales it for every step with pp.scale_grad instead of creating a new trapezoid each time?','pp.scale_grad','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex('is there a single-voxel spectroscopy sequence of the semi-LASER type: one slice-selective SLR excitation of 2600 us with a time-bandwidth product near 8, designed by an external toolbox whose absence makes the script stop with a warning, followed by four 4600 us adiabatic WURST refocusing pulses of 6 kHz bandwidth in pairs on the two other axes, a 50 mm voxel with slice-select amplitudes derived from experimental bandwidth values, spoilers of ten cycles per voxel around every refocusing pulse with the excitation rephasing folded into the spoilers around the last refocusing pulse, TE 30 ms, TR 6 s, 2048 samples at a 200 us dwell, gradient limits of 10 mT/m and 50 T/m/s, and a final check of the spin-echo timing condition with a warning if it is not met?',
   [M+'writeSemiLaser.m'],'none','b')
ex('ramp-sampled spin-echo EPI without diffusion weighting, with partial Fourier of three quarters and the phase blips split into halves merged across neighbouring readouts (the first line carries only a trailing half-blip and the last only a leading one), the slice gradient of the refocusing pulse built as one piecewise-linear waveform that contains spoilers of one and a half times the excitation slice area on both sides, the refocusing pulse, the second TE fill and both prephasers merged into one block, a 100 us output trigger on the first oscillator channel with each excitation, 2 ms sinc excitation and refocusing pulses, 64 by 64 over 250 mm, three 3 mm slices, TE 40 ms, a 420 us readout without oversampling, 32 mT/m and 130 T/m/s',
   [M+'writeEpiSpinEchoRS.m',P+'write_epi_se_rs.py'],'none','a')
ex("I'm after a ramp-sampled gradient-echo EPI with scanner reconstruction labels whose TE and TR can still be changed on the scanner after export through run-time adjustable delays: a short placeholder block after the navigators whose length follows TE minus the minimum TE, a second TE-dependent block that keeps the duration per slice independent of TE up to a maximum TE of 100 ms, and a TR fill scaled by the number of slices; four 3 mm slices with 1500 um gaps in interleaved order, 96 by 96 over 220 mm with twofold oversampling, a 580 us readout, three navigators, a 110 degree Gaussian fat saturation, a random ADC phase modulation and gridding parameters written as file definitions. Which example is that?",
   [M+'writeEpiRS_label_softdelay.m'],'none','c')
ex('do you have a plain ramp-sampled gradient-echo EPI with no labels and no navigators, with the system limits registered as the default so that later calls need not pass them, a single 4 mm slice (slice gap and interleaved ordering prepared for more), 64 by 64 over 256 mm without oversampling, a 420 us readout, a 110 degree fat saturation given in ppm for a 2890 mT field, an output trigger with each excitation, a publication-style plot of the first 41 blocks and an optional rotating three-dimensional k-space animation saved frame by frame?',
   [M+'writeEpiRS.m'],'none','b')
ex('low-performance teaching EPI without ramp sampling, navigators or labels, in which the readout amplitude is simply the k-space width divided by a 256 us acquisition window of 64 samples centred on the flat top, the phase prephaser starts at the negative edge of k-space, positive phase blips are played in blocks of their own so that the readout gradient is off during every blip, the slices only get a frequency offset without a phase correction and follow each other without any TR fill, and the limits are 32 mT/m, 130 T/m/s, 30 us ringdown and 100 us dead time',
   [P+'write_epi.py',M+'writeEpi.m'],'none','a')
ex("I need a 2D radial spoiled gradient echo that rotates the prephaser, readout and spoiler gradients themselves about the slice axis for every spoke instead of attaching a rotation event, with the spokes covering 180 degrees, 20 dummy spokes in which the readout plays without acquisition, a readout prephaser carrying an extra half k-space step, a readout spoiler of half the readout k-width played with a slice spoiler of four cycles per slice inside the TR fill, quadratic RF spoiling with the receiver phase following, 10 degrees, a 4 ms sinc on a 3 mm slice, 260 mm, TE 8 ms, TR 20 ms, 28 mT/m and 120 T/m/s. Which example is that?",
   [P+'write_radial_gre.py',M+'writeRadialGradientEcho.m'],'none','c')
ex('is there an ultrashort-echo-time radial sequence without ramp sampling and without RF on the ramp in which TE is not a parameter but is computed from the gradient timing and printed in microseconds, the readout asymmetry (zero for a symmetric echo, one for a half echo) is rounded to whole oversampled ADC samples and shrinks the k-space step accordingly, the prephaser compensates the ramp area and half a dwell, the readout spoiler carries a fifth of the k-width, the prephaser is delayed to end together with the slice rephaser when that one is longer, every spoke is excited twice with an inverted slice gradient, and the gradient waveforms are plotted afterwards to check for gaps?',
   [M+'writeUTE.m',P+'write_ute.py'],'none','b')
ex("I'd like a teaching gradient echo built for a live demonstration, where a single step variable from 0 to 5 switches features on one after another: spoilers of four times the readout area on all three axes, then phase rewinding, then a quasi-random quadratic RF phase, then a receiver phase that follows the transmitter, then a run of dummy scans; the output file and the sequence name carry the step number, with 30 degrees, a 4 ms sinc on a 5 mm slice, 128 by 128 over 256 mm, a 6400 us readout, TE 8 ms, TR 16 ms, 20 mT/m and 120 T/m/s. Which example is that?",
   [M+'writeGRE_live_demo.m'],'none','c')
ex('two-dimensionally selective spin echo: a 20 degree excitation along an eight-turn spiral excitation trajectory of 8 ms with a Gaussian target pattern inside a 200 mm excitation field, gradient ramps added to both trajectory and RF, optional gradient oversampling, a 180 degree 3 ms sinc refocusing pulse on a 5 mm slice between two slice-axis spoilers, TE 20 ms, TR 500 ms, a Cartesian readout of 256 by 256 over 220 mm, and automatic reconstruction labels with mirrored Fourier ordering and descending slice sorting',
   [M+'writeSelectiveRf.m'],'none','a')
ex("is there a ramp-sampled gradient-echo EPI with reconstruction labels modelled on a vendor's product BOLD EPI, three navigators before the imaging echoes of each slice, all four slices built explicitly in a loop in interleaved order (no copying of slices through field-of-view shifts), a fixed TR of 3 s reached by a plain fill delay after every slice (no run-time adjustable delays), an ADC with exactly twice the matrix size in samples and the achieved oversampling factor printed, a random ADC phase modulation, and the slice positions, thickness and gap written as file definitions?",
   [M+'writeEpiRS_label.m'],'none','b')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("I load sequence files with MATLAB seq.read and wonder why the format looks the way it does. What purpose does the specification give it, which five design goals does it list, why is it a text format rather than XML, and which hardware-dependent units does it avoid?",[4],'matlab','c')
sp('if I declare RequiredExtensions with seq.setDefinition, what must an interpreter do according to the specification: how must it treat unknown extensions in general, since which revision do required extensions exist, what happens when a required extension is unknown, and what does the value of that definition contain?',[16],'matlab','b')
sp('mr.makeLabel and the label extension: since which revision the toolbox and the Siemens interpreter support it, what it is meant to pass to the reconstruction, the difference between LABELSET and LABELINC, which counters and which flags exist, and what the special TRID label is used for',[17,18],'matlab','a')
sp("I see PMC, NOROT, NOPOS and NOSLC among the labels returned by mr.getSupportedLabels. In which revision were these experimental flags introduced according to the specification, and what does each of them instruct the interpreter to do?",[18],'matlab','c')
sp('rotation events from mr.makeRotation in the file format: the revision that introduced the extension, what it lets a developer reuse and for which kind of sequence, what the rotation applies to, how many rotation objects a block may carry, and which comparison the specification recommends before trusting an interpreter and why',[20],'matlab','a')
sp('how does the specification store a rotation as a quaternion, which I can convert with mr.aux.quat.toRotMat: what do the real part and the three imaginary components correspond to, what are the columns of the ROTATIONS example, and which rotations do its two lines describe?',[20],'matlab','b')
sp('pypulseq seq.evaluate_labels and the run-time rules for counters: their initial values, when a changed value takes effect, whether temporarily negative or out-of-range values do harm, whether zero-duration blocks holding only labels are allowed, and in which order LABELSET, LABELINC and the capture for the ADC are processed within one block',[18],'python','a')
sp("I'm adding the ONCE flag with pypulseq pp.make_label; what does the specification say it is for, what do the values 0, 1 and 2 do when the sequence is repeated, and what changes with a single repetition?",[19],'python','c')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
SQ=A+'@Sequence/Sequence.m'
api("I want an SLR refocusing pulse with my own ripple levels and a slice-select gradient; which name/value options does mr.makeSLRpulse accept?",'matlab','makeSLRpulse','params',[A+'makeSLRpulse.m'],'c')
api('mr.makeDigitalOutputPulse arguments','matlab','makeDigitalOutputPulse','params',[A+'makeDigitalOutputPulse.m'],'a')
api('what inputs does mr.restoreAdditionalShapeSamples take, and in which order?','matlab','restoreAdditionalShapeSamples','params',[A+'restoreAdditionalShapeSamples.m'],'b')
api("I'd like the scan to wait for a physiological signal, with a delay before and a duration after the synchronisation; which arguments does mr.makeTrigger accept and which channels are allowed?",'matlab','makeTrigger','params',[A+'makeTrigger.m'],'c')
api('which arguments does the find_mat function of the mr.EventLibrary class folder take?','matlab','find_mat','params',[A+'@EventLibrary/find_mat.m'],'b')
api('what are the parameters of mr.aux.containers_map_lookup_ex, and what is returned when the key is missing?','matlab','containers_map_lookup_ex','params',[A+'+aux/containers_map_lookup_ex.m'],'b')
api('pypulseq seq.rf_from_lib_data() parameters','python','rf_from_lib_data','params',[PA+'Sequence/sequence.py'],'a')
api("I want the gradient waveforms of my pypulseq sequence as piecewise polynomials, with a delay compensation and simulated background gradients; what parameters does seq.get_gradients take?",'python','get_gradients','params',[PA+'Sequence/sequence.py'],'c')
api("which arguments does pypulseq's compress_shape() in compress_shape.py accept?",'python','compress_shape','params',[PA+'compress_shape.py'],'b')
api('mr.makeRfShim output','matlab','makeRfShim','returns',[A+'makeRfShim.m'],'a')
api("I want to restyle the publication-style figure afterwards; what does seq.paperPlot return?",'matlab','paperPlot','returns',[SQ],'c')
api('pypulseq: what does the module-level write_v141() in Sequence/write_seq.py return?','python','write_v141','returns',[PA+'Sequence/write_seq.py'],'b')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind23_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    # blind16: a capitalised component is a class folder (mr.EventLibrary -> +mr/@EventLibrary/); if the query has no
    # '<qualifier>.<entry>' (the find_mat question says 'find_mat function in the mr.EventLibrary class folder'), the
    # qualifier is the query's first mr./seq. token
    if q['lang']=='matlab':
        mq=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']) or re.search(r'\b((?:mr|seq)(?:\.\w+)+)',q['query'])
        pref=mq.group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join(('@'+x if x[0].isupper() else '+'+x) for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
# blind23: this set's draw
assert [q['entry'] for q in Q if q['kind']=='api']==['makeSLRpulse','makeDigitalOutputPulse','restoreAdditionalShapeSamples',
  'makeTrigger','find_mat','containers_map_lookup_ex','rf_from_lib_data','get_gradients','compress_shape','makeRfShim',
  'paperPlot','write_v141']
# blind17: the MATLAB comment cut of the raw-text caller check skips '%' inside string literals (writeSpiral.m calls
# mr.convert inside fprintf('... %g ...', mr.convert(...)), which a plain split at the first '%' would cut off); a quote
# after a letter, digit, ')', ']', '}', '.' or another quote is a transpose, not a string start
def mcode_part(line):
    instr=None
    for i,ch in enumerate(line):
        if instr:
            if ch==instr: instr=None
            continue
        if ch=='%': return line[:i]
        if ch=='"': instr='"'
        elif ch=="'" and not (i>0 and (line[i-1].isalnum() or line[i-1] in "_)]}.'")): instr="'"
    return line
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,mcode_part(l) if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
# blind23: this set's draw
assert exfns==['mr.traj2grad','mr.aux.isSigPyAvailable','mr.calcAdcSeg','mr.simRf','mr.aux.isOctave','seq.duration',
  'pp.make_gauss_pulse','pp.calc_rf_center','pp.make_adiabatic_pulse','pp.scale_grad']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 231 (blind23); skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(231); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
# blind23: this set's pages and key phrases
KEY={4:['The purpose of this file format is to compactly represent a magnetic resonance (MR) sequence in an open and vendor independent manner',
        'Sequences for both NMR spectroscopy and MRI can be represented',
        'The format is intended for research and educational purposes and currently omits complex sequence features such as logical coordinate-frame transformations',
        '1. Human-readable: The basic sequence structure should be easily under- stood without processing',
        '2. Easily parsed: The format should be easy for a computer program to parse without the need for external libraries',
        '3. Vendor independent: The sequence format must not contain constructs specific to a particular hardware manufacturer',
        '4. Compact: The sequence should avoid redundant definitions',
        '5. Low-level: The format should be sufficiently low-level',
        'The first goal of human readability necessitates a text-file format',
        'This prohibits the use of an existing markup language like XML, which are not straightforward to parse',
        'units that are inherently hardware dependent have been avoided, such as ‘Volts’, ‘Tesla’ or ‘DAC units’'],
     16:['Extensions concept allows for implementing additional pulse sequence format features without requiring major revisions of the Pulseq format specification',
         'The interpreter MUST detect unknown extensions and MAY chose to ignore them',
         'It is recommended that the in- terpreter issues a warning in this case',
         'Since the format revision v1.5.1 there is a concept of required extensions, that is the extensions that are critical for the interpretability of the particular pulse sequence',
         'All extensions listed un- der the definition RequiredExtensions must be supported by the interpreter',
         'If any of the declared required extensions are unknown to the interpreter, it MUST generate an error and MUST not attempt executing the sequence',
         'The definition RequiredExtensions contains a space-separated list of extension’s STRING_ID(s)'],
     17:['Starting from revision 1.3.1 both Matlab Pulseq toolbox and the Siemens inter- preter sequence support LABEL extension',
         'The extension is intended to provide a possibility for the pulse sequence to pass counters and flags over to the raw data object and in this way to communicate with the image reconstruction rou- tines',
         'Two types of extensions are currently defined: LABELSET and LABELINC',
         'The former allows one to set the counter or flag value, the latter can be used to increment the counter (not compatible with flags)'],
     18:['are supported at the moment: LIN, PAR, ACQ, SLC, SEG, REP, AVG, SET, ECO, PHS that can take any integer values',
         'flags NAV, REV, SMS, OFF, NOISE, REF, IMA, PMC, NOPOS, NOROT, NOSLC that can be 0 or 1',
         'There is also a special label TRID used by some interpreters to recognize repeating parts of the sequence',
         'At the start of the sequence all counters and flags are automatically initialized to zero',
         'Also zero-duration blocks containing only LABEL extension directives are allowed',
         'The values of the counters have no immediate effect until the next ADC directive is executed',
         'the values of the counters can take any arbitrary excursions, e.g. can be negative or exceed matrix dimensions temporarily. This has no negative ef- fects',
         'First all LABELSET directives are processed, followed by all LABELINC and only then the values of the counters are captured and passed over to the ADC directive',
         'New experimental labels have been introduced in revision 1.4.1',
         'PMC flag Defines whether prospective motion correction (PMC) may be applied to the current block',
         'NOROT flag Instructs the interpreter to ignore rotation components of the FOV positioning applied through the UI on the scanner or by the PMC processing',
         'NOPOS flag Instructs the interpreter to ignore translation components of the FOV positioning applied through the UI on the scanner or by the PMC processing',
         'NOSLC flag Instructs the interpreter to ignore FOV / gradient scaling parameters applied through the UI on the scanner'],
     19:['Additionally, there is a three-state flag ONCE, that is intended to control the execution flow for sequences with repetitions',
         'It allows to implement dummy scans, warm-up sub-sequences, calibration scans or closing-up sub-sequences',
         'blocks with ONCE=0 are executed on every repetition; ONCE=1 marks the blocks that are only executed in the first repetition; blocks with ONCE=2 (or any other number) are only executed in the last repetition',
         'When number of repetitions is equal to 1 no changes are applied'],
     20:['The rotation extension has been introduced in revision 1.5.1',
         'It allows the pulse sequence developer to reuse the gradient object, expecially in case of arbitrary shapes, e.g. as needed for multi-shot spiral seuqnces, and specify a rotation operation that is applied to the entire block as a whole',
         'Only one rotation extension object can be specified per block',
         'Each rotation operation is described as a normalized rotation quaternion',
         '# id RotQuat0 RotQuatX RotQuatY RotQuatZ extension ROTATIONS 1 1 0 .99171 0 0 -0 .128498 2 1 0 0 0',
         'Rotation quaternions are represented by their real part RotQuat0, which cor- responds to the cosine of the halved rotation angle',
         'the three imaginary components RotQuatX, RotQuatY, and RotQuatZ, which together describe the axis of rotation, scaled by the sine of the halved rotation angle',
         'line 1 defines a rotation by 14.77° about the negative Z axis, whereas line 2 specifies a unity transform (zero rotation)',
         'A great care should be taken when implementing rotation support in interpreters because of the misinterpretation possibilities (e.g. due to inconsistencies between raw-major vs. column-major matrix math libraries)',
         'we recommend to compare measurement results generated by the sequences using the rotation extension with the sequence relying on explicit rotations using mr.rotate() or mr.rotate3D() functions']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
