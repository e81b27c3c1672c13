# blind19: writes questions.jsonl and runs all mechanical checks. blind18's make_questions.py with this set's questions and
# these changes, marked 'blind19': paths /tmp/blind19_*, seed 191 for the kind-of-sequence walk, this set's draws in the
# order asserts, and this set's spec pages and key phrases. Everything else (regexes, field checks, the package- and
# class-folder-scoped api check, caller checks incl. blind17's string-aware MATLAB comment cut, the page checks in both
# PDF copies) is blind18's (i.e. blind17's), unchanged. Reads /tmp/blind19_all.txt and /tmp/blind19_callers.json (written
# by the listing command in README.md / draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page
# checks. Run from anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind19_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which demo sequences build a hard rectangular RF pulse with mr.makeBlockPulse?','mr.makeBlockPulse','matlab','b')
fx("I want to fire an output trigger together with every slice excitation so that external equipment can be synchronised to the sequence; point me to the demos that create it with mr.makeDigitalOutputPulse",'mr.makeDigitalOutputPulse','matlab','c')
fx('mr.makeArbitraryGrad in the demos: arbitrary gradient waveforms for spiral readouts or a 2D selective excitation trajectory','mr.makeArbitraryGrad','matlab','a')
fx('is there a demo that checks mr.aux.isOctave so that its plotting code falls back to something Octave can run?','mr.aux.isOctave','matlab','b')
fx("In MATLAB I'd like to plot the complete gradient waveforms of my sequence over time to look for gaps and jumps; which demo scripts call seq.waveforms_and_times for that?",'seq.waveforms_and_times','matlab','c')
fx('demo sequences with a custom RF waveform turned into a pulse by mr.makeArbitraryRf','mr.makeArbitraryRf','matlab','a')
fx('which pypulseq example scripts cut a trapezoid into two parts with pp.split_gradient_at, for instance to separate a readout from its spoiler tail or to halve EPI blips?','pp.split_gradient_at','python','b')
fx("I've loaded a sequence in pypulseq and want to swap the RF pulse of the first block for my own windowed sinc and put the block back; is there an example script that does this with seq.set_block? Please show me.",'seq.set_block','python','c')
fx('pp.make_block_pulse usage in the pypulseq example scripts','pp.make_block_pulse','python','a')
fx('how do I load an existing .seq file in pypulseq; is there an example script that calls seq.read()?','seq.read','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex("I'm after a Cartesian multi-shot turbo spin echo in which the slice and readout gradients are cut into pieces at the block boundaries so that they run on continuously from one block into the next: a 90 degree sinc excitation shifted in phase by 90 degrees against the refocusing pulses (CPMG), trains of 16 refocusing pulses with 12 ms echo spacing, sinc pulses with a time-bandwidth product of 4 and Hanning apodization, one common ramp time of 250 us for every gradient, a 5 mm slice, TR 2 s, the frequency and phase of both pulses corrected for off-centre slices, and one extra shot without acquisition at the start. Which example does that?",
   [M+'writeTSE.m',P+'write_tse.py'],'none','c')
ex('experimental high-performance gradient-echo EPI for a single 4 mm slice: ramp sampling with the ADC dwell derived from the readout gradient amplitude and rounded down to 100 ns, a sample count divisible by four, phase blips split in half so that each half overlaps a neighbouring readout, 64 by 64 over 256 mm, 420 us per readout line, full k-space without partial Fourier, a 110 degree Gaussian fat saturation, a 2 ms sinc excitation with an output trigger, and a switch that turns phase encoding off for delay calibration; no navigators and no reconstruction labels',
   [M+'writeEpiRS.m'],'none','a')
ex('is there a fast radial gradient echo where TE and TR are simply as short as the hardware allows and the in-plane angle of each spoke is written into the file as a rotation extension of the block instead of rotating the gradient objects: 256 spokes with an angle step of pi divided by the number of spokes, 10 dummy spokes, 240 mm field of view with 240 readout points and twofold oversampling, a 1200 us readout whose flat top is lengthened after the sampling for extra spoiling, a 400 us sinc excitation of 5 degrees with time-bandwidth product 2 on a 6 mm slice, and 84 degree RF spoiling?',
   [M+'writeFastRadialGradientEcho_rotExt.m'],'none','b')
ex("I want a single-slice spoiled gradient echo whose TE and TR can still be changed on the scanner after export: two TE-tagged adjustable delays working in opposite directions (one grows and the other shrinks as TE increases, so the TR stays constant), a third adjustable delay for TR, and line and slice counters plus the readout-reversal flag for the reconstruction. Settings: 224 mm field of view, 64 by 64, a 7 degree 3 ms sinc pulse on a 3 mm slice, a 3200 us readout, TR 20 ms, longest TE 8 ms and 117 degree RF spoiling. Can you point me to it?",
   [P+'write_gre_label_softdelay.py'],'none','c')
ex('3D MPRAGE with an adiabatic hyperbolic-secant inversion pulse of roughly 10 ms, TI 1100 ms and an outer repetition time of 2500 ms, 7 degree hard-pulse excitations of 100 us, the readout along z over a 192 by 240 by 256 mm field of view, a readout of about 5 ms (200 Hz per pixel) whose gradient is cut at the end of the flat top and continued by a separate spoiler ramp, a 10 ms spoiler on the slowest encoding axis during the inversion delay, fully sampled without parallel-imaging undersampling, and line and partition counters set for the reconstruction',
   [M+'writeMPRAGE.m',P+'write_mprage.py'],'none','a')
ex('do you have a diffusion-weighted spin-echo EPI in which the amplitude of the two diffusion lobes is calculated from the requested b-value (1000 s/mm²) with a closed-form expression for rectangular lobes, the lobes filling the waiting times before and after the refocusing pulse, the refocusing slice gradient extended into one piecewise-linear waveform that also rephases the excitation slice gradient, TE 80 ms, half-Fourier ramp-sampled readouts, 112 by 112 over 224 mm, three 2 mm slices, and a warning in the code that the gradients may overload the scanner?',
   [M+'writeEpiDiffusionRS.m'],'none','b')
ex('is there a labelled 2D gradient echo for B0 field mapping in which every phase-encoding step is acquired at three different echo times (the longest 12 ms), each in its own 20 ms TR, with an echo counter stepped between them, line and slice counters, a repetition counter, the whole acquisition played twice with a 5 s pause in between, 256 by 256 over 224 mm, a 15 degree 3 ms sinc excitation of a 5 mm slice, a 3200 us readout and 84 degree RF spoiling?',
   [M+'writeGRE_multiEcho_label.m'],'none','b')
ex('plain 2D spoiled gradient echo: one 3 mm slice, 256 mm field of view, a 10 degree 3 ms sinc excitation with time-bandwidth product 4, TE 5 ms, TR 12 ms, a 3200 us readout flat top, 1 ms prephasing gradients, the phase-encoding gradient rewound in the spoiler block, a readout spoiler of twice the readout area and a slice spoiler of four cycles across the slice, and RF spoiling',
   [P+'write_gre.py',M+'writeGradientEcho.m'],'none','a')
ex("I need a single-voxel MR spectroscopy sequence of the semi-LASER type for a 50 mm cubic voxel: an SLR 90 degree excitation of 2600 us selecting along x, then two pairs of adiabatic WURST refocusing pulses of 4600 us with 6 kHz bandwidth selecting along y and z, spoiler gradients around every refocusing pulse, TE 30 ms, TR 6 s, 2048 spectral points with a 200 us dwell, and a check of the spin-echo timing condition at the end. Where can I find that?",
   [M+'writeSemiLaser.m'],'none','c')
ex('do you have the fast radial gradient echo variant that turns each spoke by rotating the gradient objects themselves with a general three-dimensional rotation routine (so the file has no rotation extension and no extra toolbox is needed), keeps the slice-selection gradient merged with its rephaser, and spoils with a separate slice-axis trapezoid that starts as the readout ramps down and returns to zero before the next pulse: minimum TE and TR, 256 spokes, 10 dummies, 240 mm with 240 points and twofold oversampling, a 1200 us readout, and a 5 degree 400 us sinc on a 6 mm slice?',
   [M+'writeFastRadialGradientEcho_rot3D.m'],'none','b')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("I'm adding per-block RF shim settings made with mr.makeRfShim. Which format revision introduced RF shimming and what else came with that revision, how many shim objects may one block carry, what happens to shim settings in a block without an RF pulse, and what should an interpreter do if the number of channels in the file doesn't match the hardware?",[3,20],'matlab','c')
sp('mr.getSupportedLabels lists PMC and NOSLC among the flags: what the specification says these two flags do, in which revision they were introduced, and which of the new flags are marked experimental',[18],'matlab','a')
sp('when mr.decompressShape expands a stored shape, how does the first compression example in the specification encode a waveform that ramps up to 1, stays there and ramps down again: which derivative values are written and how is a run of repeated values stored?',[22],'matlab','b')
sp("I turn a spiral k-space trajectory into gradients with mr.traj2grad. In the [GRADIENTS] example of the specification, what do the two shaped gradients represent and where in time are their samples placed, why do they start with a delay of 980 us, and what rules apply to the ramp-down gradients that follow in the next block?",[14,15],'matlab','c')
sp('the [VERSION] section written for an mr.Sequence: the versioning scheme, what an interpreter may do with a file that lacks this section and what the specification recommends, and what the revision history lists for the earliest entries up to the change of the versioning scheme',[3,7],'matlab','a')
sp('seq.checkTiming complains about raster alignment; what exactly does the specification require: on which raster edges may blocks and gradient events start and end, what must trapezoid ramp and flat-top times be multiples of, and at which time points do the default samples of shaped gradients, RF pulses and the ADC sit?',[10],'matlab','b')
sp("I'm putting pypulseq pp.make_label SET and INC labels into the same block as my ADC. In what order does the specification apply them relative to capturing the counter values, may a block hold nothing but labels with zero duration, and is it a problem if a counter is temporarily negative or larger than the matrix between two ADCs?",[18],'python','c')
sp('pypulseq pp.make_trapezoid and the [TRAP] section: the fields of a trapezoid line and their units, whether a trapezoid may share its ID with an arbitrary gradient, and what the two [TRAP] lines in the example of the specification describe',[13,14,15],'python','a')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
SQ=A+'@Sequence/Sequence.m'
api('what are the inputs of seq.setExtensionStringAndID, and in which order do the string and the numeric ID go?','matlab','setExtensionStringAndID','params',[SQ],'b')
api('seq.modGradAxis input arguments','matlab','modGradAxis','params',[SQ],'a')
api("I'm checking the excitation profile of a sinc pulse with mr.calcRfBandwidth and want a cutoff other than half maximum and a finer frequency step; what arguments does it take?",'matlab','calcRfBandwidth','params',[A+'calcRfBandwidth.m'],'c')
api('which options does mr.calcRamp accept when joining two k-space points under gradient and slew limits?','matlab','calcRamp','params',[A+'calcRamp.m'],'b')
api('mr.aux.md5 inputs','matlab','md5','params',[A+'+aux/md5.m'],'a')
api("My ADC has more samples than the scanner allows in one go and has to be split into segments; what do I pass to mr.calcAdcSeg?",'matlab','calcAdcSeg','params',[A+'calcAdcSeg.m'],'c')
api('write_v141() in pypulseq: which parameters does it take when exporting in the older 1.4.1 file format?','python','write_v141','params',[PA+'Sequence/write_seq.py'],'b')
api("I want pypulseq to find an available scanner before installing my sequence; which arguments does detect_scanner() accept?",'python','detect_scanner','params',[PA+'Sequence/install.py'],'c')
api('pypulseq compress_shape() arguments','python','compress_shape','params',[PA+'compress_shape.py'],'a')
api('in MATLAB, what does seq.duration return besides the total time of the sequence?','matlab','duration','returns',[SQ],'b')
api("I'm pre-registering my trigger event with seq.registerControlEvent to speed up addBlock; what does the call give back, and what do I do with it?",'matlab','registerControlEvent','returns',[SQ],'c')
api('what does pp.calc_rf_center return in pypulseq?','python','calc_rf_center','returns',[PA+'calc_rf_center.py'],'b')

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
allf=[l.strip() for l in open('/tmp/blind19_all.txt') if l.strip()]
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
# blind19: this set's draw
assert [q['entry'] for q in Q if q['kind']=='api']==['setExtensionStringAndID','modGradAxis','calcRfBandwidth','calcRamp',
  'md5','calcAdcSeg','write_v141','detect_scanner','compress_shape','duration',
  'registerControlEvent','calc_rf_center']
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
# blind19: this set's draw
assert exfns==['mr.makeBlockPulse','mr.makeDigitalOutputPulse','mr.makeArbitraryGrad','mr.aux.isOctave',
  'seq.waveforms_and_times','mr.makeArbitraryRf','pp.split_gradient_at','seq.set_block','pp.make_block_pulse','seq.read']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 191 (blind19); skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(191); random.shuffle(f)
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
# blind19: this set's pages and key phrases
KEY={3:['1.0 26 Jun 2014 Draft specification','1.01 11 Jun 2015 Included draft of binary specification',
        '1.1.0 11 Jul 2017 Changed versioning scheme',
        '1.5.1 14 Aug 2025 Minor format revision, new extensions and bugfixes:',
        'New concept of required extensions wich must be supported by the interpeter;',
        'Introduce new Rotation Extension;','Introduce new RF Shimming Extension'],
     7:['The versioning scheme is ⟨major⟩.⟨minor⟩.⟨revision⟩.',
        'the interpreter sequence may either refuse execution or as- sume version 1.0.0',
        'It is recommended to reject Pulseq files without [VERSION] section'],
     10:['All blocks and events are aligned to the corresponding edges of the time raster',
         'Block duration is required to be multiple of BlockDurationRaster, therefore each block can only start and end at the edges of the block duration raster',
         'Gradient events may only start and end at time points which are multiple of GradientRasterTime',
         'for trapezoid events, ramp times and plateau du- ration may also only be equal to multiples of GradientRasterTime',
         'any default sampling points (e.g. sampling points of arbitrary-shape gradients) are aligned to the centers of the corresponding raster steps',
         'The same convention applies to the default RF shape sampling and ADC sampling points',
         'tn = tstart + ∆t(0.5 + n)'],
     13:['Trapezoidal gradients are in a section declared with the [TRAP] keyword',
         '<id > < amp > < rise > < flat > < fall > < delay >'],
     14:['<rise> integer Rise time of the trapezoid µs','<flat> integer Flat-top time of the trapezoid µs',
         '<fall> integer Fall time of the trapezoid µs','<delay> integer Delay before starting the gradient event µs',
         'The gradient ID must be unique across both arbitrary and trapezoid gradients. That is, a trapezoid gradient cannot have the same ID as an arbitrary gradient',
         '[TRAP] 5 25000 30 940 30 100 6 20066 .89 10 980 10 100',
         'two arbitrary gradients with peak amplitudes of approximately 790kHz/m (in fact this is a center-out spiral read- out)',
         'sampled at the centers of the gradient raster cells','The gradient starts with a zero amplitude but ends at the amplitude of -550kHz/m',
         'The second shaped gradient is similar, but has a time shape ID of -1'],
     15:['they need to be aligned to the end of the block, which is achieved in this example by the start delay of 980 µs',
         'They also require additional ’ramp down’ gradients in the next block',
         'Gradients that start at non-zero values must be aligned to the beginning of the block, meaning that the start delay of such gradients must be 0',
         'Note that both these gradients share the shape and time IDs',
         'The example als defines two trapezoid gradients (IDs 5 and 6) with duration 1ms specified by amplitude, rise time, flat-top time and fall time',
         'Both trapeyoid gradients have a delay of 100µs'],
     18:['Also zero-duration blocks containing only LABEL extension directives are allowed',
         'can be negative or exceed matrix dimensions temporarily. This has no negative ef- fects',
         'In case the same block contains LABELSET, LABELINC and ADC directives the following priorities apply',
         'First all LABELSET directives are processed, followed by all LABELINC and only then the values of the counters are captured and passed over to the ADC directive',
         'New experimental labels have been introduced in revision 1.4.1. These include PMC, NOROT, NOPOS, NOSLC and ONCE flags',
         'PMC flag Defines whether prospective motion correction (PMC) may be applied to the current block',
         'NOSLC flag Instructs the interpreter to ignore FOV / gradient scaling parameters applied through the UI on the scanner (EXPER- IMENTAL)'],
     20:['The RF shimming extension has been introduced in revision 1.5.1. Only one RF shimming extension object can be specified per block',
         'eters only act on the RF pulse in the current block',
         'This means RF shimming parameters specified for a block containing no RF have no effect and can be ignored',
         'If this number does not correspond to the number of channels available in the hardware, the interpreter should probably ignore this setting and may generate an error or warning'],
     22:['Example 1: A shape consisting of a ramp-up, constant and ramp-down is encoded as follows',
         'Shape Step 1 (derivative) Step 2 (compression) 0.0 0.0 0 0.1 0.1 0.1 0.25 0.15 0.15 0.5 0.25 0.25 1.0 0.5 0.5 1.0 0.0 0.0 1.0 → 0.0 → 0.0 1.0 0.0 4 1.0 0.0 -0.25 1.0 0.0 -0.25 1.0 0.0 2 0.75 -0.25 0.5 -0.25 0.25 -0.25 0.0 -0.25']}
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
